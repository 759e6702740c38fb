import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'

// Issue 13 item 6: the real service's Get Reward Assignment and List Reward Assignments.
describe('GET /v1/rewards/{rewardId}/assignments[/{assignmentId}]', () => {
  it('reads one assignment as the last update left it', async () => {
    const { request, headers } = await createTestApp()
    const updated = await request.put('/v1/rewards/rew_demo0001/assignments/rewa_demo0001').set(headers.app).send({ parameters: { loyalty: { points: 321 } } })
    const res = await request.get('/v1/rewards/rew_demo0001/assignments/rewa_demo0001').set(headers.app)
    expectContract(res, 'getRewardAssignment')
    expect(res.status).toBe(200)
    expect(res.body).toEqual(updated.body)
  })

  it.each([
    ['an unknown reward', 'rew_nope', 'rewa_demo0001', 'reward'],
    ['an unknown assignment', 'rew_demo0001', 'rewa_nope', 'reward_assignment'],
    ["another reward's assignment", 'rew_demo0001', 'rewa_demo0002', 'reward_assignment'],
  ])('answers 404 for %s', async (_, rewardId, assignmentId, resourceType) => {
    const { request, headers } = await createTestApp()
    const res = await request.get(`/v1/rewards/${rewardId}/assignments/${assignmentId}`).set(headers.app)
    expectContract(res, 'getRewardAssignment')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ key: 'not_found', resource_type: resourceType })
  })

  it("lists a reward's assignments page by page, with the total of all", async () => {
    const { request, headers, deps } = await createTestApp()
    const rewards = deps.projects.get('proj_demo0001')!.rewards
    const added = ['camp_demo0001', 'camp_demo0002', 'camp_demo0004'].map((campaign, i) => rewards.assign('rew_demo0001', campaign, 10 * (i + 1)).id)
    const ids = ['rewa_demo0001', ...added]
    const all = await request.get('/v1/rewards/rew_demo0001/assignments').set(headers.app)
    expectContract(all, 'listRewardAssignments')
    expect(all.body).toMatchObject({ object: 'list', data_ref: 'data', total: 4 })
    expect(all.body.data.map((a: { id: string }) => a.id)).toEqual(ids)
    expect(all.body.data.every((a: { reward_id: string }) => a.reward_id === 'rew_demo0001')).toBe(true)

    const pages = await Promise.all([1, 2, 3].map((page) => request.get(`/v1/rewards/rew_demo0001/assignments?limit=2&page=${page}`).set(headers.app)))
    for (const page of pages) expectContract(page, 'listRewardAssignments')
    expect(pages.map((p) => p.body.data.map((a: { id: string }) => a.id))).toEqual([ids.slice(0, 2), ids.slice(2), []])
    expect(pages.every((p) => p.body.total === 4)).toBe(true)
  })

  it('answers 404 for an unknown reward and 400 for a limit over 100', async () => {
    const { request, headers } = await createTestApp()
    const unknown = await request.get('/v1/rewards/rew_nope/assignments').set(headers.app)
    expectContract(unknown, 'listRewardAssignments')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ key: 'not_found', resource_type: 'reward', resource_id: 'rew_nope' })
    const tooMany = await request.get('/v1/rewards/rew_demo0001/assignments?limit=101').set(headers.app)
    expectContract(tooMany, 'listRewardAssignments')
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.key).toBe('invalid_query_params')
  })
})
