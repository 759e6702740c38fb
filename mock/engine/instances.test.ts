import { describe, expect, it } from 'vitest'
import { sequentialIds } from '../../src/ids.js'
import { createMockDeps, type MockDeps } from '../adapters/node-deps.js'
import { createMockCore } from './pipeline/core.js'
import { expectContract } from '../testing/expect-contract.js'

// Issue 15: two mocks in one process share nothing. Each is built as createMockServer builds one
// (no compiled spec passed in), so each loads its own spec document and validators.
async function twoMocks() {
  const build = async () => {
    const deps = await createMockDeps({ logLevel: 'silent', clock: 'manual' }, { ids: sequentialIds() })
    const core = createMockCore(deps)
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await core.handle(new Request(`http://mock.test${path}`, {
        method,
        headers: { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }))
      return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: Object.fromEntries(res.headers) }
    }
    return { deps, call }
  }
  return [await build(), await build()] as const
}

const campaignIds = (body: Record<string, unknown>) => (body.campaigns as { id: string }[]).map((c) => c.id)
const newCampaign = { name: 'Only in A', campaign_type: 'DISCOUNT_COUPONS', type: 'AUTO_UPDATE', voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } }

describe('two mocks in one process', () => {
  it('hold separate state, clocks, faults, latency, journals and settings', async () => {
    const [a, b] = await twoMocks()
    const created = await a.call('POST', '/v1/campaigns', newCampaign)
    expectContract(created, 'createCampaign', a.deps.validator)
    const listedB = await b.call('GET', '/v1/campaigns?limit=100')
    expectContract(listedB, 'listCampaigns', b.deps.validator)
    expect(campaignIds(listedB.body)).not.toContain(created.body.id)
    expect(campaignIds((await a.call('GET', '/v1/campaigns?limit=100')).body)).toContain(created.body.id)

    const before = b.deps.clock.now()
    await a.call('POST', '/_mock/clock/advance', { ms: 3_600_000 })
    expect(a.deps.clock.now()).toBe(before + 3_600_000)
    expect(b.deps.clock.now()).toBe(before)

    await a.call('POST', '/_mock/faults', { operationId: 'listCampaigns', action: 'status', status: 503 })
    await a.call('PUT', '/_mock/latency', { ms: 250 })
    await a.call('PUT', '/_mock/generation-rate', { rate: 7 })
    const failing = await a.call('GET', '/v1/campaigns')
    expect(failing.status).toBe(503)
    const fine = await b.call('GET', '/v1/campaigns')
    expectContract(fine, 'listCampaigns', b.deps.validator)
    expect(fine.status).toBe(200)
    expect(b.deps.latency.snapshot()).not.toEqual(a.deps.latency.snapshot())
    expect(b.deps.config.generationRate).toBe(1000)

    const journalA = (await a.call('GET', '/_mock/requests')).body.requests as unknown[]
    const journalB = (await b.call('GET', '/_mock/requests')).body.requests as unknown[]
    expect(journalA.length).toBeGreaterThan(journalB.length)
  })

  it('share no object: spec documents, validators, stores, caches and settings are their own', async () => {
    const [a, b] = await twoMocks()
    const pairs: [string, (d: MockDeps) => unknown][] = [
      ['spec', (d) => d.spec], ['validator', (d) => d.validator], ['config', (d) => d.config], ['clock', (d) => d.clock],
      ['projects', (d) => d.projects], ['credentials', (d) => d.credentials], ['tokens', (d) => d.tokens], ['faults', (d) => d.faults],
      ['latency', (d) => d.latency], ['journal', (d) => d.journal], ['sandboxes', (d) => d.sandboxes], ['fixtures', (d) => d.fixtures()],
      ['first project campaigns', (d) => d.projects.all()[0].campaigns],
      ['a components schema', (d) => d.spec.components?.schemas?.Campaign], ['the validator\'s document', (d) => d.validator.doc],
    ]
    for (const [name, pick] of pairs) expect(pick(a.deps), name).not.toBe(pick(b.deps))
  })
})
