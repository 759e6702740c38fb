import fc from 'fast-check'
import type { OperationInfo } from '../../src/spec/operations.js'
import type { ContractValidator } from '../../src/validation/validator.js'
import type { Check } from '../check.js'
import { createCampaign } from '../checks/support.js'
import { CheckFailure } from '../failures.js'
import { authFor } from '../operation-auth.js'
import { documentedBase } from './documented-base.js'
import { fixturesOf, harvestExchange, idPoolOf } from './id-pool.js'
import { isChanging, pathValuesFor, tryInvalid } from './operation-checks.js'
import { readBackOf } from './read-back.js'
import { sharesOf } from './shares.js'
import { isValid, mutationsOf, validRequest, type GeneratedRequest } from './requests.js'

/** Broken requests per operation: enough to cover a query parameter, a missing field, a wrong type and the content type. */
const PER_OPERATION = 4

/**
 * The fixed counterpart of `--generate`'s negative cases, in every run: for each operation of the spec, a valid
 * request (the spec's documented example, else the path values alone where the spec accepts that, else a fixed
 * sample) broken in up to four documented ways (the first of each kind: a query parameter, a
 * body that is not an object, a body sent as text/plain, a required field left out, a field of the wrong type),
 * each confirmed invalid by the spec's validator: 4xx in the Error format, never 5xx, nothing changed (read back).
 */
export function invalidRequestChecks(validator: ContractValidator): Check[] {
  const ops = validator.operations
  return ops.flatMap((op): Check[] => {
    const mutations = mutationsOf(op)
    if (mutations.length === 0) return []
    const changing = isChanging(op)
    const readBack = changing ? readBackOf(op, ops) : undefined
    const count = Math.min(PER_OPERATION, mutations.length)
    return [{
      id: `invalid.${op.operationId}`,
      title: `${op.operationId}: ${count} invalid request(s) refused with a 4xx Error, never 5xx${readBack ? `, nothing changed (${readBack.operationId})` : ''}`,
      operationIds: [op.operationId],
      uses: fixturesOf(op),
      readOnly: !changing,
      requests: count + (readBack ? 2 : 0) + (op.pathParamNames.includes('campaignId') && changing ? 4 : 0),
      shares: sharesOf(op, changing, readBack),
      async run(ctx) {
        const auth = authFor(op, ctx.client.credentials)
        if (!auth) return ctx.skip(`no credentials for ${op.operationId}'s schemes`)
        // A request that changes something names a campaign of this run's own, so a defect harms nothing else.
        if (changing && op.pathParamNames.includes('campaignId') && idPoolOf(ctx).values(op, 'campaignId', ctx.ids, true).length === 0) {
          harvestExchange(ctx, await createCampaign(ctx, 'PROMOTION', 'invalid-target'))
        }
        const pathValues = pathValuesFor(ctx, op, changing)
        const fallback = { params: Object.fromEntries(Object.entries(pathValues).map(([k, v]) => [k, v[0]])), query: {} }
        // the documented request first: mutations of it are refused for what they broke, not for a prose rule
        const pool = idPoolOf(ctx)
        const idFor = (prefix: string): string | undefined => (prefix === 'proj_' ? ctx.ids.projectId : pool.ofPrefix(prefix, changing)[0])
        // Else the bare request (no optional parameter: each mutation is then the one thing that differs from a
        // valid request), which the spec accepts for most lists; a fast-check sample only where it does not
        // (sampling cost 150-300 ms of CPU per run, on a machine the run shares with its target).
        const bare = (): GeneratedRequest | undefined => (isValid(validator, op, fallback) ? fallback : undefined)
        const base = documentedBase(validator, op, fallback.params, idFor) ?? bare() ?? firstValid(validator, op, validRequest(op, pathValues)) ?? fallback
        const chosen = pickDiverse(mutations.map((m) => m(structuredClone(base))).filter((r) => !isValid(validator, op, r)), count)
        const outcome = await tryInvalid(ctx, validator, op, chosen, auth, readBack)
        if (outcome) throw new CheckFailure(outcome.problems.map((p) => ({ ...p, location: p.location ?? 'behaviour' })), outcome.exchange)
      },
    }]
  })
}

/**
 * The first valid one of the seeded samples (seed 1, at most 30). Samples of one seed are a fixed sequence, so
 * the first 3 are the start of the 30: most operations find theirs among them, at a tenth of the generating.
 */
function firstValid(validator: ContractValidator, op: OperationInfo, arbitrary: fc.Arbitrary<GeneratedRequest>): GeneratedRequest | undefined {
  for (const numRuns of [3, 30]) {
    const found = fc.sample(arbitrary, { seed: 1, numRuns }).find((r) => isValid(validator, op, r))
    if (found) return found
  }
  return undefined
}

/** One case of each kind first (query, array body, text/plain, missing field, wrong type), then the rest in order. */
function pickDiverse(requests: GeneratedRequest[], count: number): GeneratedRequest[] {
  const kind = (r: GeneratedRequest): string => (r.broken ?? '').replace(/:.*$/, '').replace(/ \/.*$/, '') + (r.broken?.includes('left out') ? ' missing' : '')
  const seen = new Set<string>()
  const first = requests.filter((r) => !seen.has(kind(r)) && seen.add(kind(r)))
  return [...first, ...requests.filter((r) => !first.includes(r))].slice(0, count)
}
