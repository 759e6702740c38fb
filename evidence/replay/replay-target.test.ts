import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptedServer } from '../../contracts/testing/test-servers.js'
import { createMockServer } from '../../mock/adapters/node-server.js'
import { loadCompiledSpec, type ContractValidator } from '../../src/validation/validator.js'
import type { HarEntry } from '../har/har-types.js'
import { exchangeWith } from '../testing/record-exchange.js'
import { replay } from './replay.js'
import { ReplayTargetError, urlTarget } from './replay-target.js'

// `promokit replay x.har --against http://127.0.0.1:4010` where a `promokit mock` runs with a fault armed
// through /_mock/faults: the replay shows that fault, and nothing the clock or the keys would explain.
let validator: ContractValidator
let entries: HarEntry[]

beforeAll(async () => {
  validator = (await loadCompiledSpec()).validator
  const recorded = await createMockServer()
  const exchange = exchangeWith(recorded)
  try {
    const created = await exchange(0, 'POST', '/v1/campaigns', JSON.stringify({ name: 'Served', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 3000, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } } }))
    recorded.advance(5_000)
    const category = await exchange(5_000, 'POST', '/v1/categories', JSON.stringify({ name: 'Served category', hierarchy: 2 }))
    entries = [created, category, await exchange(5_001, 'GET', `/v1/campaigns/${JSON.parse(created.response.content.text!).id}`), await exchange(5_002, 'GET', `/v1/categories/${JSON.parse(category.response.content.text!).id}`)]
  } finally {
    await recorded.close()
  }
  expect(entries.map((e) => e.response.status)).toEqual([200, 200, 200, 200])
})

describe('replay against a served promokit mock', () => {
  let served: Awaited<ReturnType<typeof createMockServer>>
  beforeAll(async () => {
    served = await createMockServer()
  })
  afterAll(() => served?.close())

  it('takes its development keys, moves its clock by the recorded gaps, and shows only the fault armed in it', async () => {
    const armed = await fetch(`${served.url}/_mock/faults`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operationId: 'getCategory', action: 'set', pointer: '/hierarchy', value: 'two', whenStatus: 200 }),
    })
    expect(armed.status).toBe(201)
    const said: string[] = []
    const target = await urlTarget(`${served.url}/`, {}, entries, (line) => said.push(line))
    expect(target).toMatchObject({ kind: 'mock', baseUrl: served.url, credentials: { appId: 'promokit-app-id', managementId: 'promokit-management-id', clientId: 'promokit-client-id' } })
    expect(said.join('\n')).toMatch(/is a promokit mock/)

    const report = await replay(entries, target, validator, { har: 'x.har' })
    expect(report.clock).toBe('recorded-gaps')
    expect(report.differences.map((d) => `${d.operationId} ${d.kind} ${d.pointer} ${String(d.recorded)} ${String(d.now)}`).sort()).toEqual([
      'getCategory schema /hierarchy valid invalid: must be integer',
      'getCategory type-changed /hierarchy number string',
    ])
    expect(report.timing).toEqual([])
  })
})

describe('replay against a deployment', () => {
  it('is a usage error naming the flags when the recording used keys the target is not given', async () => {
    const target = await scriptedServer(() => ({ status: 200, body: {} }))
    try {
      await expect(urlTarget(target.url, {}, entries, () => undefined)).rejects.toThrow(ReplayTargetError)
      await expect(urlTarget(target.url, {}, entries, () => undefined)).rejects.toThrow(/pass --app-id and --app-token \(env PROMOKIT_APP_ID, PROMOKIT_APP_TOKEN\)$/)
      await expect(urlTarget(target.url, { appId: 'a', appToken: 't' }, entries, () => undefined)).resolves.toMatchObject({ kind: 'url', credentials: { appId: 'a' } })
    } finally {
      await target.close()
    }
  })

  it('names an unreachable target before anything else', async () => {
    await expect(urlTarget('http://127.0.0.1:1', {}, entries, () => undefined)).rejects.toThrow(/^cannot reach http:\/\/127\.0\.0\.1:1: /)
  })
})
