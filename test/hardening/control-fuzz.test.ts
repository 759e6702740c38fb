import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadControlValidator } from '../../mock/testing/index.js'
import type { ContractValidator } from '../../src/validation/validator.js'
import { controlOperations, invalidRequest, junkRequest, validRequest } from './control-requests.js'
import { contractProblems, fingerprint, LIVE_ENTRIES, startLiveApp, type LiveApp, type RawRequest } from './harness.js'

// Bounded so the file runs in seconds in `npm test`; FUZZ_LONG=1 (npm run fuzz) runs ten times as many.
const RUNS = process.env.FUZZ_LONG ? 1500 : 150
const operations = controlOperations()

/** Everything a control request may change: the projects, the clock, rate, latency, faults, sandboxes. */
function controlState(live: LiveApp): string {
  const { deps } = live
  return JSON.stringify({
    now: deps.clock.now(),
    rate: deps.config.generationRate,
    latency: deps.latency.snapshot(),
    faults: deps.faults.list(),
    sandboxes: deps.sandboxes.list(),
    projects: fingerprint(live),
  })
}

type Kind = 'valid' | 'invalid' | 'junk'

describe.each(LIVE_ENTRIES)('fuzzing the control API from control-openapi.yaml (%s)', (entry) => {
  let live: LiveApp
  let control: ContractValidator
  const sandboxIds = () => live.deps.sandboxes.list().map((s) => s.id)

  beforeAll(async () => {
    live = await startLiveApp({}, entry)
    control = await loadControlValidator()
  })
  afterAll(() => live?.close())

  it(`answers ${RUNS} valid, invalid and junk control requests without a 5xx, changing nothing when refusing`, async () => {
    const requests = fc.oneof(
      ...operations.map((op) => validRequest(op, sandboxIds).map((request) => ({ kind: 'valid' as Kind, op, request }))),
      ...operations.flatMap((op) => invalidRequest(op)?.map((request) => ({ kind: 'invalid' as Kind, op, request })) ?? []),
      ...operations.map((op) => junkRequest(op, sandboxIds).map((request) => ({ kind: 'junk' as Kind, op, request }))),
    )
    const seen = { valid: 0, invalid: 0, junk: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(requests, async ({ kind, request }) => {
        const before = controlState(live)
        const res = await live.send(request)
        const where = `${kind} ${request.method} ${request.target} ${request.body?.toString().slice(0, 200) ?? ''} → ${res.status} ${res.text.slice(0, 300)}`
        seen[kind]++
        expect(res.status, where).toBeLessThan(500)
        if (res.status >= 400) {
          seen.refused++
          expect(controlState(live), `state changed by a refused request: ${where}`).toBe(before)
        }
        if (kind === 'invalid') expect([res.status, where]).toEqual([400, where])
        // a form body or none, no X- header: what a page can send blind may not change the mock
        if (kind === 'junk' && request.method !== 'GET' && request.headers?.['Content-Type'] !== 'application/json') expect([res.status, where]).toEqual([403, where])
        expect(contractProblems(control, request.method, request.target, res), where).toEqual([])
        // a valid clock move or rate may end the run's room to move: start over now and then
        if (live.deps.clock.now() > Date.UTC(9000, 0)) await live.send({ method: 'POST', target: '/_mock/reset', headers: { 'Content-Type': 'application/json' } })
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 21) },
    )
    expect(seen.valid + seen.invalid + seen.junk).toBe(RUNS)
    expect(seen.invalid).toBeGreaterThan(RUNS / 5)
    expect(seen.refused).toBeLessThan(RUNS)
    expect(live.errors).toEqual([])
  })

  it('still answers afterwards, and POST /_mock/reset brings back the fixtures', async () => {
    const reset = await live.send({ method: 'POST', target: '/_mock/reset', headers: { 'Content-Type': 'application/json' } } satisfies RawRequest)
    const list = await live.send({ method: 'GET', target: '/v1/campaigns?limit=1', headers: live.headers.app })

    expect(reset.status).toBe(200)
    expect(list.status, list.text).toBe(200)
    expect((list.body as { campaigns: unknown[] }).campaigns).toHaveLength(1)
  })
})
