import { afterEach, describe, expect, it } from 'vitest'
import { deleteCampaignAndWait } from './delete-campaign.js'
import { HttpClient } from './http-client.js'
import { scriptedServer, type ScriptedAnswer } from './testing/test-servers.js'

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

/** A target answering DELETE and GET of one campaign from two scripts; waits are recorded, never slept. */
async function target(deletes: ScriptedAnswer[], gets: ScriptedAnswer[]) {
  const server = await scriptedServer((req) => (req.method === 'DELETE' ? deletes : gets).shift() ?? { status: 500 })
  close = server.close
  const waits: number[] = []
  const client = new HttpClient({ baseUrl: server.url, credentials: {}, timeoutMs: 5_000, budget: 50 })
  const run = (timeoutMs = 60_000) => deleteCampaignAndWait(client, 'camp_1', { wait: async (ms) => void waits.push(ms), timeoutMs })
  return { server, waits, run }
}

const gone: ScriptedAnswer = { status: 404, body: { code: 404, key: 'not_found', message: 'Not found' } }
const still: ScriptedAnswer = { status: 200, body: { id: 'camp_1' } }

describe('deleteCampaignAndWait', () => {
  it('deletes for good (force=true) and accepts the real service\'s 202 + async_action_id, then polls until the campaign is gone', async () => {
    const t = await target([{ status: 202, body: { async_action_id: 'aa_1' } }], [still, still, gone])
    const result = await t.run()
    expect(t.server.requests).toEqual(['DELETE /v1/campaigns/camp_1?force=true', 'GET /v1/campaigns/camp_1', 'GET /v1/campaigns/camp_1', 'GET /v1/campaigns/camp_1'])
    expect(result.accepted?.response.status).toBe(202)
    expect(result.gone?.response.status).toBe(404)
    // a queued deletion is given a second before the first look, then polled with growing pauses
    expect(t.waits).toEqual([1000, 250, 500])
  })

  it('accepts the description\'s 204', async () => {
    const t = await target([{ status: 204 }], [gone])
    expect((await t.run()).accepted?.response.status).toBe(204)
    expect(t.waits).toEqual([])
  })

  it('retries while the campaign is still generating (423, 400, or 404 with Retry-After) and treats a plain 404 as already gone', async () => {
    const t = await target([{ status: 423 }, { status: 404, headers: { 'retry-after': '2' } }, { status: 400, body: { code: 400, key: 'campaign_in_progress' } }, gone], [])
    expect(await t.run()).toEqual({})
    expect(t.waits).toEqual([1_000, 2_000, 1_000])
  })

  it('stops at its time bound and says what it saw', async () => {
    const t = await target([{ status: 202, body: { async_action_id: 'aa_1' } }], Array(20).fill(still))
    await expect(t.run(1_000)).rejects.toThrow('accepted (202) but getCampaign still answered 200 after 1000 ms')
  })

  it('reports an answer neither document allows', async () => {
    const t = await target([{ status: 500, body: { code: 500, key: 'internal_error' } }], [])
    await expect(t.run()).rejects.toThrow('DELETE answered 500 internal_error')
  })
})
