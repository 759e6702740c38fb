import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, expectContract, loadControlValidator } from '../mock/testing/index.js'
import { readMockClock } from '../src/mock-control.js'
import type { ContractValidator } from '../src/validation/validator.js'
import { readMockState } from './discover.js'

// The contract suite reads the mock's control API through one typed shape (src/mock-control.ts):
// what the mock really sends must read as intended, and what another target sends must not throw.
let control: ContractValidator
beforeAll(async () => {
  control = await loadControlValidator()
})

describe('reading the mock state', () => {
  it('picks the ids the checks need from a real state dump, and recognises the mock clock', async () => {
    const { request } = await createTestApp()
    const state = await request.get('/_mock/state')
    expectContract(state, 'getMockState', control)
    const ids = readMockState(state.body, {})
    expect(ids.projectId).toMatch(/^proj_/)
    expect(ids.rewardId).toMatch(/^rew_/)
    expect(ids.assignmentId).toMatch(/^rewa_/)
    expect(ids.templateId).toMatch(/^camp_tpl_|^tpl_/)
    expect(ids.metadataSchemaId).toMatch(/^ms_/)
    const clockAnswer = await request.get('/_mock/clock')
    expectContract(clockAnswer, 'getClock', control)
    const clock = readMockClock(clockAnswer.body)
    expect(clock).toMatchObject({ advanceable: true, epoch_ms: expect.any(Number) })
  })

  it('reads nothing, without throwing, from a target that is not the mock', () => {
    for (const body of [undefined, null, 'text', [], { projects: 'no' }, { projects: [{ name: 'no id' }, 7] }]) {
      expect(readMockState(body, {})).toEqual({})
    }
    expect(readMockState({ projects: [{ id: 'p1', reward_assignments: [{ id: 'a' }], campaign_templates: [{}] }] }, {})).toEqual({ projectId: 'p1', rewardId: undefined, assignmentId: undefined, templateId: undefined, metadataSchemaId: undefined })
    expect(readMockClock({ epoch_ms: '1', advanceable: true, now: 'x' })).toBeUndefined()
  })
})
