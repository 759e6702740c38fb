import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../testing/index.js'

// Issue 15: the answer caches (list pages, list views, validated queries) must never change an answer.
// The same random sequence of operations runs on a mock with caches and one without; every answer
// (status and bytes) must be the same. A cache that misses an invalidation shows up as a diff.

type Command =
  | { kind: 'create'; type: 'DISCOUNT_COUPONS' | 'PROMOTION' | 'GIFT_VOUCHERS'; name: string; count: number }
  | { kind: 'list'; query: string }
  | { kind: 'get' | 'delete'; pick: number }
  | { kind: 'update'; pick: number; description: string; category: boolean }
  | { kind: 'vouchers'; pick: number; query: string }
  | { kind: 'advance'; ms: number }

// few distinct queries, so the same page is read again after a change (the case a stale cache gets wrong)
const listQuery = fc.constantFrom('', 'limit=2', 'limit=2&page=2', 'limit=5&order=-created_at', 'order=updated_at&expand=category', 'limit=3&order=-updated_at', 'expand=category')

const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('list' as const), query: listQuery }), weight: 3 },
  fc.record({ kind: fc.constant('create' as const), type: fc.constantFrom('DISCOUNT_COUPONS' as const, 'PROMOTION' as const, 'GIFT_VOUCHERS' as const), name: fc.constantFrom('Spring', 'Summer', 'Autumn', 'Winter', 'Solstice', 'Equinox'), count: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constantFrom('get' as const, 'delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), description: fc.constantFrom('Renamed', 'Moved'), category: fc.boolean() }),
  fc.record({ kind: fc.constant('vouchers' as const), pick: fc.nat(), query: fc.constantFrom('', 'limit=3', 'limit=5&page=2') }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(0, 1, 10, 500, 5000, 60_000) }),
)

function body(c: Extract<Command, { kind: 'create' }>) {
  if (c.type === 'PROMOTION') return { name: c.name, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: `${c.name} tier`, action: { discount: { type: 'PERCENT', percent_off: 10 } } }] } }
  const voucher = c.type === 'GIFT_VOUCHERS'
    ? { type: 'GIFT_VOUCHER', gift: { amount: 5000, balance: 5000 } }
    : { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } }
  return { name: c.name, campaign_type: c.type, vouchers_count: c.count, voucher }
}

/** Runs one command on a mock and returns what a client would see: the operation, status and bytes. */
async function run(mock: TestApp, ids: string[], c: Command): Promise<string> {
  const { request, headers, clock } = mock
  const pick = (n: number) => (ids.length === 0 ? 'camp_unknown0000' : ids[n % ids.length])
  let operationId: string
  let res
  switch (c.kind) {
    case 'create':
      operationId = 'createCampaign'
      res = await request.post('/v1/campaigns').set(headers.app).send(body(c))
      if (res.status === 200) ids.push(res.body.id)
      break
    case 'list':
      operationId = 'listCampaigns'
      res = await request.get(`/v1/campaigns?${c.query}`).set(headers.app)
      break
    case 'get':
      operationId = 'getCampaign'
      res = await request.get(`/v1/campaigns/${pick(c.pick)}`).set(headers.app)
      break
    case 'update':
      operationId = 'updateCampaign'
      res = await request.put(`/v1/campaigns/${pick(c.pick)}`).set(headers.app).send({ description: c.description, category_id: c.category ? 'cat_demo0001' : null })
      break
    case 'delete':
      operationId = 'deleteCampaign'
      res = await request.delete(`/v1/campaigns/${pick(c.pick)}?force=true`).set(headers.app)
      if (res.status < 300) ids.splice(c.pick % ids.length, 1)
      break
    case 'vouchers':
      operationId = 'listVouchers'
      res = await request.get(`/v1/vouchers?campaign_id=${pick(c.pick)}${c.query ? `&${c.query}` : ''}`).set(headers.app)
      break
    case 'advance':
      clock.advance(c.ms)
      return `advance ${c.ms}`
  }
  expectContract(res, operationId)
  // request ids carry a per-instance prefix; everything else must match byte for byte
  return `${operationId} ${res.status} ${res.text.replace(/"request_id":"[^"]*"/g, '"request_id":"…"')}`
}

describe('answer caches', () => {
  it('change no answer: the same operations give byte-identical answers with caches on and off', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 40 }), async (commands) => {
        const cached = await createTestApp()
        const uncached = await createTestApp({ config: { caches: false } })
        // the fixtures' campaigns can be read and deleted too (new voucher campaigns answer 404 until generated)
        const fixtures = (await cached.request.get('/v1/campaigns?limit=100').set(cached.headers.app)).body.campaigns.map((c: { id: string }) => c.id)
        const idsA: string[] = [...fixtures]
        const idsB: string[] = [...fixtures]
        for (const c of commands) {
          const [a, b] = [await run(cached, idsA, c), await run(uncached, idsB, c)]
          expect(a).toBe(b)
        }
      }),
      { numRuns: 40, seed: 15 },
    )
  })
})
