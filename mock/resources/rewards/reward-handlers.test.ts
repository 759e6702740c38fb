import { describe, expect, it } from 'vitest'
import { FIXTURE_EPOCH, toIso } from '../../../src/clock.js'
import { createTestApp, expectContract } from '../../testing/index.js'

const path = (rewardId: string, assignmentId: string) => `/v1/rewards/${rewardId}/assignments/${assignmentId}`

describe('PUT /v1/rewards/{rewardId}/assignments/{assignmentId}', () => {
  it('updates the points price of a seeded assignment and stamps updated_at from the clock', async () => {
    const { request, headers, clock, deps } = await createTestApp()
    clock.advance(60_000)
    const res = await request.put(path('rew_demo0001', 'rewa_demo0001')).set(headers.app).send({ parameters: { loyalty: { points: 250 } } })
    expectContract(res, 'updateRewardAssignment')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: 'rewa_demo0001',
      reward_id: 'rew_demo0001',
      related_object_id: 'camp_demo0003',
      related_object_type: 'campaign',
      parameters: { loyalty: { points: 250 } },
      updated_at: toIso(FIXTURE_EPOCH + 60_000),
      object: 'reward_assignment',
    })
    expect(deps.projects.get('proj_demo0001')?.rewards.pointsPrice('rew_demo0001', 'camp_demo0003')).toBe(250)
  })

  it('answers 404 reward for an unknown reward', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.put(path('rew_nope', 'rewa_demo0001')).set(headers.app).send({ parameters: { loyalty: { points: 1 } } })
    expectContract(res, 'updateRewardAssignment')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ code: 404, key: 'not_found', resource_id: 'rew_nope', resource_type: 'reward' })
  })

  it('answers 404 reward_assignment for an unknown assignment or one of another reward', async () => {
    const { request, headers } = await createTestApp()
    for (const assignmentId of ['rewa_nope', 'rewa_demo0002']) {
      const res = await request.put(path('rew_demo0001', assignmentId)).set(headers.app).send({ parameters: { loyalty: { points: 1 } } })
      expectContract(res, 'updateRewardAssignment')
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ key: 'not_found', resource_id: assignmentId, resource_type: 'reward_assignment' })
    }
  })

  it('keeps projects apart: the other project cannot see the assignment', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.put(path('rew_demo0001', 'rewa_demo0001')).set(headers.appB).send({ parameters: { loyalty: { points: 1 } } })
    expectContract(res, 'updateRewardAssignment')
    expect(res.status).toBe(404)
  })

  it('rejects negative points with 400 and changes nothing', async () => {
    const { request, headers, deps } = await createTestApp()
    const res = await request.put(path('rew_demo0001', 'rewa_demo0001')).set(headers.app).send({ parameters: { loyalty: { points: -5 } } })
    expectContract(res, 'updateRewardAssignment')
    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_payload')
    expect(deps.projects.get('proj_demo0001')?.rewards.pointsPrice('rew_demo0001', 'camp_demo0003')).toBe(100)
  })

  it('answers 401 without credentials', async () => {
    const { request } = await createTestApp()
    const res = await request.put(path('rew_demo0001', 'rewa_demo0001')).send({ parameters: { loyalty: { points: 1 } } })
    expectContract(res, 'updateRewardAssignment')
    expect(res.status).toBe(401)
  })
})
