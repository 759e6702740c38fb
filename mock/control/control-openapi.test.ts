import { beforeAll, describe, expect, it } from 'vitest'
import type { ContractValidator } from '../../src/validation/validator.js'
import { createTestApp, expectContract, loadControlValidator } from '../testing/index.js'

let control: ContractValidator
beforeAll(async () => {
  control = await loadControlValidator()
})

describe('mock/control/control-openapi.yaml', () => {
  it('documents what the control routes answer', async () => {
    const { request } = await createTestApp()
    const calls: Array<[string, () => Promise<{ status: number; body: unknown; headers: Record<string, string> }>]> = [
      ['getClock', () => request.get('/_mock/clock')],
      ['advanceClock', () => request.post('/_mock/clock/advance').send({ ms: 10 })],
      ['advanceClock', () => request.post('/_mock/clock/advance').send({ ms: -10 })],
      ['finishJobs', () => request.post('/_mock/jobs/finish').type('json')],
      ['setGenerationRate', () => request.put('/_mock/generation-rate').send({ rate: 10 })],
      ['getGenerationRate', () => request.get('/_mock/generation-rate')],
      ['setLatency', () => request.put('/_mock/latency').send({ operationId: 'listCampaigns', ms: 0 })],
      ['getLatency', () => request.get('/_mock/latency')],
      ['addFault', () => request.post('/_mock/faults').send({ operationId: 'getCampaign', action: 'drop', pointer: '/id', times: 2 })],
      ['addFault', () => request.post('/_mock/faults').send({ action: 'nope' })],
      ['addFault', () => request.post('/_mock/faults').send({ operationId: 'getVoucher', action: 'hang', ms: 5, match: { params: { code: 'X' }, headers: { 'X-Case': 1 } } })],
      ['addFault', () => request.post('/_mock/faults').send({ action: 'status', status: 500, match: { path: {} } })],
      ['listFaults', () => request.get('/_mock/faults')],
      ['clearFaults', () => request.delete('/_mock/faults').type('json')],
      ['listRequests', () => request.get('/_mock/requests?limit=5')],
      ['clearRequests', () => request.delete('/_mock/requests').type('json')],
      ['getMockState', () => request.get('/_mock/state')],
      ['getMockState', () => request.get('/_mock/state?counts=true')],
      ['createSandbox', () => request.post('/_mock/sandboxes').type('json')],
      ['getMockState', () => request.get('/_mock/state')],
      ['getMockState', () => request.get('/_mock/state?project=proj_demo0002')],
      ['getMockState', () => request.get('/_mock/state?project=proj_nope')],
      ['getMockState', () => request.get('/_mock/state?project=a&project=b')],
      ['listSandboxes', () => request.get('/_mock/sandboxes')],
      ['getSandbox', () => request.get('/_mock/sandboxes/sbx_nope')],
      ['resetSandbox', () => request.post('/_mock/sandboxes/sbx_nope/reset').type('json')],
      ['deleteSandbox', () => request.delete('/_mock/sandboxes/sbx_nope').type('json')],
      ['resetMock', () => request.post('/_mock/reset').type('json')],
    ]
    for (const [operationId, call] of calls) {
      const res = await call()
      expectContract(res, operationId, control)
    }
    expect(control.operations.length).toBeGreaterThanOrEqual(17)
  })
})
