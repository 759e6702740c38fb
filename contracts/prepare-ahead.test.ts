import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../mock/adapters/node-server.js'
import type { Check } from './check.js'
import { conflicts, costOf } from './check-costs.js'
import { prepareAhead } from './prepare-ahead.js'
import { runSuite } from './runner.js'
import { useSuiteAndMock } from './testing/suite-and-mock.js'

const check = (id: string, extra: Partial<Check>): Check => ({ id, title: id, operationIds: [], readOnly: false, run: async () => undefined, ...extra })
const prepare = async (): Promise<void> => undefined
const settled = (p: Promise<unknown> | undefined): Promise<boolean> => Promise.race([p!.then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))])

describe('prepareAhead', () => {
  const creatorA = check('creator-a', { prepare, shares: { changes: ['campaign-list'] } })
  const creatorB = check('creator-b', { prepare, shares: { changes: ['campaign-list'] } })
  const lister = check('lister', { readOnly: true, shares: { reads: ['campaign-list'] } })
  const other = check('other', { readOnly: true, shares: {} })
  const undeclared = check('undeclared', { prepare })
  const discovering = check('discovering', { prepare, uses: ['giftCampaignId'], shares: { changes: ['campaign-list'] } })
  const keyless = check('keyless', { prepare, shares: { changes: ['campaign-list'] } })
  const checks = [creatorA, creatorB, lister, other, undeclared, discovering, keyless]
  const costs = new Map(checks.map((c) => [c, costOf(c)]))

  it('starts every eligible preparation at once; each check waits for its own, one that reads what they change (or declares nothing) for all, the rest for none', async () => {
    const release = new Map<string, () => void>()
    const started: string[] = []
    const gate = prepareAhead(checks, costs, (c) => c !== keyless, (c) => {
      started.push(c.id)
      return new Promise<void>((resolve) => release.set(c.id, resolve))
    })
    expect(started).toEqual(['creator-a', 'creator-b'])
    expect(gate(other)).toBeUndefined()
    // Not prepared ahead: in their turn (the undeclared one, which runs alone, still waits for all).
    for (const c of [discovering, keyless]) expect(gate(c)).toBeUndefined()
    expect(gate(undeclared)).toBe(gate(lister))
    release.get('creator-a')!()
    expect(await settled(gate(creatorA))).toBe(true)
    expect(await settled(gate(creatorB))).toBe(false)
    expect(await settled(gate(lister))).toBe(false)
    release.get('creator-b')!()
    expect(await settled(gate(lister))).toBe(true)
    expect(gate(lister)).toBe(gate(lister))
  })

  it('what only a preparation changes (SharedUse.preparing) leaves the cost of a check prepared ahead, not of one that prepares in its turn', () => {
    const generating = check('generating', { prepare, shares: { changes: ['campaign-list', 'clock'], preparing: ['clock'] } })
    const inTurn = check('in-turn', { prepare, shares: { changes: ['campaign-list', 'clock'], preparing: ['clock'] } })
    const lock = check('lock', { shares: { reads: ['clock'], changes: ['clock'] } })
    const all = [generating, inTurn, lock]
    const own = new Map(all.map((c) => [c, costOf(c)]))
    const gate = prepareAhead(all, own, (c) => c !== inTurn, () => Promise.resolve())
    expect(own.get(generating)!.shares!.changes).toEqual(['campaign-list'])
    expect(own.get(inTurn)!.shares!.changes).toEqual(['campaign-list', 'clock'])
    // The lock still waits for every preparation (they move the clock), then runs beside the prepared check's turn.
    expect(gate(lock)).toBeDefined()
    expect(conflicts(own.get(lock)!, own.get(generating)!)).toBe(false)
    expect(conflicts(own.get(lock)!, own.get(inTurn)!)).toBe(true)
  })

  it('never rejects: a failed preparation fails its check when the check takes it', async () => {
    const gate = prepareAhead([creatorA], costs, () => true, () => Promise.reject(new Error('refused')))
    expect(await settled(gate(creatorA))).toBe(true)
  })
})

/** Its preparation creates a category; its run reads it back and fails on purpose: the shape of every "own fixture" check. */
const prepared: Check = {
  id: 'prepared.category',
  title: 'a category prepared ahead is read back with another name',
  operationIds: ['createCategory', 'getCategory'],
  readOnly: false,
  shares: { changes: ['categories'] },
  prepare: async (ctx) => ((await ctx.call({ operationId: 'createCategory', method: 'POST', path: '/v1/categories', body: { name: `${ctx.prefix}prepared`, hierarchy: 1 } }, { status: 200 })).response.body as { id: string }).id,
  async run(ctx) {
    const id = await ctx.prepared<string>()
    const read = await ctx.call({ operationId: 'getCategory', method: 'GET', path: `/v1/categories/${id}` }, { status: 200 })
    ctx.expectField(read, '/name', 'not the name sent')
  },
}

describe('a check prepared ahead, in a run', () => {
  const t = useSuiteAndMock()

  // The plan of this one check is 15 requests (11 of them the run's own: probe, discovery, sweep): below that limit the run may stop early.
  it.each([
    ['--concurrency 2', 2, 2000, 'before'],
    ['one at a time', 1, 2000, 'after'],
    ['--concurrency 2 with a --max-requests below the plan', 2, 14, 'after'],
  ])('%s: the preparation is sent %s the check starts, belongs to it and shows in its failure', async (_how, concurrency, maxRequests, when) => {
    const { appId, appToken } = t.mock.credentials
    const events: string[] = []
    const report = await runSuite({
      baseUrl: t.mock.url, credentials: { appId, appToken }, isMock: true, validator: t.suite.validator, checks: [prepared], concurrency, maxRequests,
      onCheckStart: (c) => void events.push(`start ${c.id}`),
      onCheckExchange: (id, ex) => void events.push(`${id} ${ex.operationId}`),
    })
    const sequence = ['start prepared.category', 'prepared.category createCategory']
    expect(events).toEqual([...(when === 'before' ? sequence.reverse() : sequence), 'prepared.category getCategory'])
    expect(report.results[0].status).toBe('failed')
    expect(report.results[0].failure!.before![0]).toMatch(/^curl -X POST \S+\/v1\/categories /)
  })
})

describe('against a target that rate-limits', () => {
  let mock: MockServer
  beforeAll(async () => {
    mock = await createMockServer({ rateLimit: '1000/min' })
  })
  afterAll(() => mock?.close())
  const t = useSuiteAndMock()

  it('nothing is prepared ahead (the burst would cost waits): the preparation comes in the check\'s turn', async () => {
    const events: string[] = []
    const { appId, appToken } = mock.credentials
    await runSuite({
      baseUrl: mock.url, credentials: { appId, appToken }, isMock: true, validator: t.suite.validator, checks: [prepared], concurrency: 2,
      onCheckStart: (c) => void events.push(`start ${c.id}`),
      onCheckExchange: (id, ex) => void events.push(`${id} ${ex.operationId}`),
    })
    expect(events.slice(0, 2)).toEqual(['start prepared.category', 'prepared.category createCategory'])
  })
})
