import { afterEach, describe, expect, it } from 'vitest'
import { Cleanup } from './cleanup.js'
import { HttpClient } from './http-client.js'
import { scriptedServer, type ScriptedAnswer } from './testing/test-servers.js'

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

const PREFIX = 'pk-run1-'
const gone: ScriptedAnswer = { status: 404, body: { code: 404, key: 'not_found', message: 'Not found' } }
const listing = (campaigns: { id: string; name: string }[], total = campaigns.length): ScriptedAnswer => ({ status: 200, body: { object: 'list', data_ref: 'campaigns', campaigns, total } })

/**
 * A target that accepts every DELETE with 202 and answers the listings in turn (the sweep, then the look after
 * the deletions); getCampaign answers 404. Waits are recorded, never slept.
 */
async function cleanupAgainst(listings: ScriptedAnswer[], ids: string[]) {
  const server = await scriptedServer((req) => {
    if (req.method === 'DELETE') return { status: 202, body: { async_action_id: 'aa_1' } }
    if (req.url!.startsWith('/v1/campaigns?')) return listings.shift() ?? { status: 500 }
    return gone
  })
  close = server.close
  const waits: number[] = []
  const client = new HttpClient({ baseUrl: server.url, credentials: {}, timeoutMs: 5_000, budget: 100 })
  const cleanup = new Cleanup({ client: () => client, wait: async (ms) => void waits.push(ms), pollTimeoutMs: 60_000, concurrency: 4 })
  ids.forEach((id) => cleanup.deleteCampaign(id))
  await cleanup.sweep(PREFIX)
  const outcome = await cleanup.runAll()
  const gets = server.requests.filter((r) => /^GET \/v1\/campaigns\/camp_/.test(r))
  return { outcome, waits, gets, requests: server.requests }
}

describe('Cleanup of the run\'s campaigns', () => {
  const ours = [{ id: 'camp_1', name: `${PREFIX}a-1` }, { id: 'camp_2', name: `${PREFIX}b-2` }, { id: 'camp_3', name: `${PREFIX}c-3` }]

  it('deletes them all (force), gives the queued deletions one pause together and confirms them with one listing', async () => {
    const t = await cleanupAgainst([listing(ours), listing([])], ['camp_1', 'camp_2'])
    expect(t.requests.filter((r) => r.startsWith('DELETE')).sort()).toEqual(['camp_1', 'camp_2', 'camp_3'].map((id) => `DELETE /v1/campaigns/${id}?force=true`))
    expect(t.waits).toEqual([1_000])
    expect(t.gets).toEqual([])
    expect(t.outcome.deleted.sort()).toEqual(['deleteCampaign camp_1', 'deleteCampaign camp_2', 'deleteCampaign camp_3'])
    expect(t.outcome.failed).toEqual([])
  })

  it('polls only the campaigns still listed', async () => {
    const t = await cleanupAgainst([listing(ours), listing([ours[1]])], [])
    expect(t.gets).toEqual(['GET /v1/campaigns/camp_2'])
    expect(t.outcome.deleted).toHaveLength(3)
  })

  it('polls every one when the listing may not be the whole answer (the filter ignored, or more than one page)', async () => {
    const ignored = await cleanupAgainst([listing(ours), listing([{ id: 'camp_9', name: 'someone else' }])], [])
    expect(ignored.gets.sort()).toEqual(['GET /v1/campaigns/camp_1', 'GET /v1/campaigns/camp_2', 'GET /v1/campaigns/camp_3'])
    await close?.()
    const paged = await cleanupAgainst([listing(ours), listing([], 150)], [])
    expect(paged.gets).toHaveLength(3)
  })

  it('reports what it could not remove', async () => {
    const server = await scriptedServer((req) => (req.method === 'DELETE' ? { status: 500, body: { code: 500, key: 'internal_error' } } : listing([])))
    close = server.close
    const client = new HttpClient({ baseUrl: server.url, credentials: {}, timeoutMs: 5_000, budget: 100 })
    const cleanup = new Cleanup({ client: () => client, wait: async () => undefined, pollTimeoutMs: 60_000 })
    cleanup.deleteCampaign('camp_1')
    expect((await cleanup.runAll()).failed).toEqual(['deleteCampaign camp_1: DELETE answered 500 internal_error'])
  })
})

describe('Deleting along the run (deleteFinished)', () => {
  it('deletes only the campaigns of finished checks; the end deletes the rest, sweeps without asking twice and confirms all with one listing', async () => {
    const ours = [{ id: 'camp_a', name: `${PREFIX}a-1` }, { id: 'camp_b', name: `${PREFIX}b-2` }]
    let owner = 'check-a'
    const { server, client, waits, cleanup } = await deletingServer([listing(ours), listing([])], () => owner)
    cleanup.deleteCampaign('camp_a')
    owner = 'check-b'
    cleanup.deleteCampaign('camp_b')
    cleanup.finished('check-a')
    await cleanup.deleteFinished(client)
    expect(server.requests).toEqual(['DELETE /v1/campaigns/camp_a?force=true'])
    const outcome = await cleanup.runAll({ sweep: PREFIX })
    expect(server.requests.filter((r) => r.startsWith('DELETE'))).toEqual(['DELETE /v1/campaigns/camp_a?force=true', 'DELETE /v1/campaigns/camp_b?force=true'])
    expect(server.requests.filter((r) => r.startsWith('GET /v1/campaigns?'))).toHaveLength(2)
    expect(waits).toEqual([1_000])
    expect(outcome.deleted.sort()).toEqual(['deleteCampaign camp_a', 'deleteCampaign camp_b'])
    expect(outcome.failed).toEqual([])
  })

  /** A target whose DELETE answers 202 and whose listings answer in turn, and a Cleanup of `owner`'s campaigns against it. */
  async function deletingServer(listings: ScriptedAnswer[], owner: () => string) {
    const server = await scriptedServer((req) => {
      if (req.method === 'DELETE') return { status: 202, body: { async_action_id: 'aa_1' } }
      if (req.url!.startsWith('/v1/campaigns?')) return listings.shift() ?? { status: 500 }
      return gone
    })
    close = server.close
    const client = new HttpClient({ baseUrl: server.url, credentials: {}, timeoutMs: 5_000, budget: 100 })
    const waits: number[] = []
    const cleanup = new Cleanup({ client: () => client, wait: async (ms) => void waits.push(ms), pollTimeoutMs: 60_000, concurrency: 4, owner })
    return { server, client, waits, cleanup }
  }

  /** camp_a of check-a, deleted along the run (202), then the end with the sweep; the listings answer in turn. */
  async function alongThenEnd(listings: ScriptedAnswer[]) {
    const { server, client, waits, cleanup } = await deletingServer(listings, () => 'check-a')
    cleanup.deleteCampaign('camp_a')
    cleanup.finished('check-a')
    await cleanup.deleteFinished(client)
    const outcome = await cleanup.runAll({ sweep: PREFIX })
    return { outcome, waits, listings: server.requests.filter((r) => r.startsWith('GET /v1/campaigns?')), deletes: server.requests.filter((r) => r.startsWith('DELETE')) }
  }

  it('with every deletion asked for along the run, the sweep\'s listing is the look: one listing in all, no pause before it', async () => {
    const t = await alongThenEnd([listing([])])
    expect(t.listings).toHaveLength(1)
    expect(t.waits).toEqual([])
    expect(t.outcome.deleted).toEqual(['deleteCampaign camp_a'])
    expect(t.outcome.failed).toEqual([])
  })

  it('a campaign the sweep still lists is looked at again after a pause', async () => {
    const t = await alongThenEnd([listing([{ id: 'camp_a', name: `${PREFIX}a-1` }]), listing([])])
    expect(t.listings).toHaveLength(2)
    expect(t.deletes).toHaveLength(1)
    expect(t.waits).toEqual([1_000])
    expect(t.outcome.deleted).toEqual(['deleteCampaign camp_a'])
  })

  it('leaves a campaign still generating (or a failed DELETE) to the end, which waits for it', async () => {
    let refusals = 1
    const server = await scriptedServer((req) => {
      if (req.method === 'DELETE') return refusals-- > 0 ? { status: 404, headers: { 'retry-after': '1' }, body: { code: 404, key: 'not_found', message: 'generating' } } : { status: 204 }
      return gone
    })
    close = server.close
    const client = new HttpClient({ baseUrl: server.url, credentials: {}, timeoutMs: 5_000, budget: 100 })
    const cleanup = new Cleanup({ client: () => client, wait: async () => undefined, pollTimeoutMs: 60_000, owner: () => 'check-a' })
    cleanup.deleteCampaign('camp_a')
    cleanup.finished('check-a')
    await cleanup.deleteFinished(client)
    expect(cleanup.reserve).toBe(2 + 3)
    const outcome = await cleanup.runAll()
    expect(server.requests.filter((r) => r.startsWith('DELETE'))).toHaveLength(2)
    expect(outcome.deleted).toEqual(['deleteCampaign camp_a'])
  })
})
