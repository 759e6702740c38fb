import { describe, expect, it } from 'vitest'
import { applyState, captureState, type StateDocument } from '../../engine/persistence/state-snapshot.js'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

const empty = { seeder: () => {} }

// all 10 codes of the pattern X# (digits): a second campaign can only have them once the first is gone
const tenCodes = (name: string) => ({
  name,
  campaign_type: 'DISCOUNT_COUPONS',
  vouchers_count: 10,
  voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, code_config: { pattern: 'X#', charset: '0123456789' } },
})

const promotion = (name: string) => ({ name, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 't' }] } })

async function createDone(t: TestApp, name: string): Promise<string> {
  const created = await t.request.post('/v1/campaigns').set(t.headers.app).send(tenCodes(name))
  expect(created.status).toBe(200)
  t.clock.advance(1000)
  return created.body.id
}

const action = (t: TestApp, id: string) => t.request.get(`/v1/async-actions/${id}`).set(t.headers.app)

describe('DELETE /v1/campaigns/{campaignId}', () => {
  it('answers 202 with an async action; the campaign goes when the action is DONE, and force frees name and codes', async () => {
    const t = await createTestApp(empty)
    const id = await createDone(t, 'Summer')

    const accepted = await t.request.delete(`/v1/campaigns/${id}`).query({ force: true }).set(t.headers.app)
    expect(accepted.status).toBe(202)
    expect(accepted.body).toEqual({ async_action_id: expect.stringMatching(/^aa_/) })
    expectContract(accepted, 'deleteCampaign')
    const actionId = accepted.body.async_action_id

    const enqueued = await action(t, actionId)
    expect(enqueued.body).toMatchObject({ id: actionId, type: 'CAMPAIGN.DELETE', status: 'ENQUEUED', progress: 0, object: 'async_action', request_id: accepted.headers['x-request-id'] })
    expect(enqueued.body.result).toBeUndefined()
    expectContract(enqueued, 'getAsyncAction')
    // still there until the action completes, and asking again answers the same action
    expect((await t.request.get(`/v1/campaigns/${id}`).set(t.headers.app)).status).toBe(200)
    expect((await t.request.delete(`/v1/campaigns/${id}`).query({ force: true }).set(t.headers.app)).body.async_action_id).toBe(actionId)

    t.clock.advance(750)
    const running = await action(t, actionId)
    expect(running.body).toMatchObject({ status: 'IN_PROGRESS', progress: 50, operation_status: 'UNKNOWN' })
    expectContract(running, 'getAsyncAction')
    expect((await t.request.get('/v1/vouchers/X3').set(t.headers.app)).status).toBe(200)

    t.clock.advance(250)
    const done = await action(t, actionId)
    expect(done.body).toMatchObject({ status: 'DONE', progress: 100, operation_status: 'SUCCESS', processing_time: 500, result: { campaign_id: id, force: true } })
    expectContract(done, 'getAsyncAction')
    const gone = await t.request.get(`/v1/campaigns/${id}`).set(t.headers.app)
    expect(gone.status).toBe(404)
    expect(gone.body.details).toBe(`Cannot find campaign with id ${id}`)
    expectContract(gone, 'getCampaign')
    expect((await t.request.get('/v1/campaigns').set(t.headers.app)).body.total).toBe(0)
    expect((await t.request.get('/v1/vouchers/X3').set(t.headers.app)).status).toBe(404)

    const again = await createDone(t, 'Summer')
    const codes = await t.request.get('/v1/vouchers').query({ campaign_id: again, limit: 100 }).set(t.headers.app)
    expect(codes.body.vouchers.map((v: { code: string }) => v.code).sort()).toEqual(['X0', 'X1', 'X2', 'X3', 'X4', 'X5', 'X6', 'X7', 'X8', 'X9'])
  })

  it('without force moves the campaign to the bin: gone from reads, its name and codes still taken', async () => {
    const t = await createTestApp(empty)
    const id = await createDone(t, 'Binned')
    const accepted = await t.request.delete(`/v1/campaigns/Binned`).set(t.headers.app)
    expect(accepted.status).toBe(202)
    expect((await t.request.post('/_mock/jobs/finish').type('json')).status).toBe(200)

    expect((await action(t, accepted.body.async_action_id)).body).toMatchObject({ status: 'DONE', result: { campaign_id: id, force: false } })
    expect((await t.request.get(`/v1/campaigns/${id}`).set(t.headers.app)).status).toBe(404)
    expect((await t.request.get('/v1/vouchers/X3').set(t.headers.app)).status).toBe(404)
    const sameName = await t.request.post('/v1/campaigns').set(t.headers.app).send(tenCodes('Binned'))
    expect(sameName.status).toBe(409)
    expect(sameName.body.details).toMatch(/in the bin/)
    expectContract(sameName, 'createCampaign')
    // the pattern's ten codes are still held by the binned campaign
    const sameCodes = await t.request.post('/v1/campaigns').set(t.headers.app).send(tenCodes('Other'))
    expect(sameCodes.status).toBe(400)
    expectContract(sameCodes, 'createCampaign')
  })

  it('refuses while the vouchers are being generated (404 + Retry-After), and bad or unknown input changes nothing', async () => {
    const t = await createTestApp(empty)
    const created = await t.request.post('/v1/campaigns').set(t.headers.app).send(tenCodes('Busy'))
    const generating = await t.request.delete(`/v1/campaigns/${created.body.id}`).set(t.headers.app)
    expect(generating.status).toBe(404)
    expect(generating.headers['retry-after']).toBeDefined()
    expectContract(generating, 'deleteCampaign')

    t.clock.advance(1000)
    const badForce = await t.request.delete(`/v1/campaigns/${created.body.id}`).query({ force: 'yes' }).set(t.headers.app)
    expect(badForce.status).toBe(400)
    expect(badForce.body.key).toBe('invalid_query_params')
    expectContract(badForce, 'deleteCampaign')
    const unknown = await t.request.delete('/v1/campaigns/camp_nope').set(t.headers.app)
    expect(unknown.status).toBe(404)
    expectContract(unknown, 'deleteCampaign')
    expect((await t.request.get('/v1/async-actions').set(t.headers.app)).body.async_actions).toEqual([])
    expect((await t.request.get(`/v1/campaigns/${created.body.id}`).set(t.headers.app)).status).toBe(200)
  })
})

describe('GET /v1/async-actions', () => {
  it('lists the newest first without result, pages back with end_date, and keeps projects apart', async () => {
    const t = await createTestApp(empty)
    const ids: string[] = []
    for (const name of ['A', 'B', 'C']) {
      const campaign = await t.request.post('/v1/campaigns').set(t.headers.app).send(promotion(name))
      ids.push((await t.request.delete(`/v1/campaigns/${campaign.body.id}`).query({ force: true }).set(t.headers.app)).body.async_action_id)
      t.clock.advance(2000)
    }

    const first = await t.request.get('/v1/async-actions').query({ limit: 2 }).set(t.headers.app)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ object: 'list', data_ref: 'async_actions', has_more: true })
    expect(first.body.async_actions.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[1]])
    expect(first.body.async_actions[0]).not.toHaveProperty('result')
    expectContract(first, 'listAsyncActions')
    const older = await t.request.get('/v1/async-actions').query({ limit: 2, end_date: first.body.async_actions[1].created_at }).set(t.headers.app)
    expect(older.body).toMatchObject({ has_more: false, async_actions: [{ id: ids[0], status: 'DONE' }] })
    expectContract(older, 'listAsyncActions')

    expect((await t.request.get('/v1/async-actions').set(t.headers.appB)).body.async_actions).toEqual([])
    const foreign = await t.request.get(`/v1/async-actions/${ids[0]}`).set(t.headers.appB)
    expect(foreign.status).toBe(404)
    expect(foreign.body).toMatchObject({ key: 'not_found', resource_type: 'async_action', resource_id: ids[0] })
    expectContract(foreign, 'getAsyncAction')
  })

  it('refuses a bad end_date or limit with 400 invalid_query_params', async () => {
    const t = await createTestApp(empty)
    for (const query of [{ end_date: 'yesterday' }, { end_date: '2026-13-45' }, { limit: 0 }, { limit: 101 }]) {
      const res = await t.request.get('/v1/async-actions').query(query).set(t.headers.app)
      expect(res.status, JSON.stringify(query)).toBe(400)
      expect(res.body.key).toBe('invalid_query_params')
      expectContract(res, 'listAsyncActions')
    }
    expect((await t.request.get('/v1/async-actions').query({ end_date: '2026-01-31' }).set(t.headers.app)).status).toBe(200)
  })
})

describe('deletions and the bin in the state file', () => {
  it('a pending deletion and a binned name survive a restore', async () => {
    const a = await createTestApp(empty)
    await createDone(a, 'Binned')
    await a.request.delete('/v1/campaigns/Binned').set(a.headers.app).expect(202)
    a.clock.advance(1_000)
    const pendingId = (await a.request.post('/v1/campaigns').set(a.headers.app).send(promotion('Pending'))).body.id
    const pending = await a.request.delete(`/v1/campaigns/${pendingId}`).query({ force: true }).set(a.headers.app).expect(202)
    const doc = JSON.parse(JSON.stringify(captureState(a.deps))) as StateDocument
    const b = await createTestApp(empty)
    applyState(b.deps, doc)

    expect((await b.request.get(`/v1/campaigns/${pendingId}`).set(b.headers.app)).status).toBe(200)
    b.clock.advance(1_000)
    expect((await b.request.get(`/v1/campaigns/${pendingId}`).set(b.headers.app)).status).toBe(404)
    expect((await action(b, pending.body.async_action_id)).body.status).toBe('DONE')
    expect((await b.request.post('/v1/campaigns').set(b.headers.app).send(promotion('Binned'))).status).toBe(409)
  })
})
