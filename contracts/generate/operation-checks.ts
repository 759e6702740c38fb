import fc, { type Arbitrary } from 'fast-check'
import type { OperationInfo } from '../../src/spec/operations.js'
import type { ContractValidator } from '../../src/validation/validator.js'
import type { Check, CheckContext, ProblemInput, SharedUse } from '../check.js'
import { checkResponse } from '../expect-response.js'
import { CheckFailure } from '../failures.js'
import type { AuthMode, Exchange } from '../http-client.js'
import { authFor } from '../operation-auth.js'
import type { Problem } from '../types.js'
import { fixturesOf, harvestExchange, idPoolOf } from './id-pool.js'
import { sharesOf } from './shares.js'
import { readBackOf, sameState, snapshot } from './read-back.js'
import { invalidRequest, isValid, toRequestSpec, validRequest, type GeneratedRequest } from './requests.js'
import { runProperty, type PropertyFailure } from './run-property.js'

export interface GenerateOptions {
  /** Requests to generate in all (`--generate <n>`), spread over the operations. */
  count: number
  seed: number
}

/** POSTs that change nothing (validations without a `session`, which would lock): safe under `--read-only` like a GET. */
export const CHANGES_NOTHING = new Set(['validateStackedDiscounts', 'clientValidateStackedDiscounts'])

/** Key refusals are not what a generated case tests: a generated body never reaches them with the right keys. */
export const isChanging = (op: OperationInfo): boolean => op.method !== 'GET' && !CHANGES_NOTHING.has(op.operationId)

/**
 * One generated check per operation of the spec (`generate.<operationId>`): valid requests (any documented
 * status, a conforming body, and never an invalid-request refusal) and invalid ones (4xx in the Error format,
 * never 5xx, and nothing changed: read back before and after). A request that changes something is generated
 * only invalid, and names only what this run created (else an unknown id from the spec's example).
 */
export function operationChecks(validator: ContractValidator, options: GenerateOptions): Check[] {
  const ops = validator.operations
  const perOperation = Math.max(2, Math.floor(options.count / ops.length))
  return ops.map((op, index) => {
    const changing = isChanging(op)
    const readBack = changing ? readBackOf(op, ops) : undefined
    const runs = perOperation
    return {
      id: `generate.${op.operationId}`,
      title: `${runs} generated request(s) for ${op.operationId}: ${changing ? 'invalid ones refused (4xx Error, nothing changed)' : 'valid ones answered as documented, invalid ones refused with a 4xx Error'}`,
      operationIds: [op.operationId],
      uses: fixturesOf(op),
      readOnly: !changing,
      requests: runs * (readBack ? 3 : 1) + (index === 0 ? 12 : 0),
      value: 1,
      shares: generatedShares(op, changing, readBack),
      async run(ctx) {
        const auth = authFor(op, ctx.client.credentials)
        if (!auth) return ctx.skip(`no credentials for ${op.operationId}'s schemes (${op.security.map((s) => Object.keys(s).join('+')).join(' or ')}); pass them`)
        const pool = idPoolOf(ctx)
        await pool.seed(ctx, ops)
        const pathValues = pathValuesFor(ctx, op, changing)
        const seed = seedOf(options.seed, op.operationId)
        const valid = changing ? undefined : validRequest(op, pathValues)
        const invalid = invalidRequest(op, pathValues)
        const arbs: Arbitrary<{ positive: boolean; request: GeneratedRequest }>[] = []
        if (valid) arbs.push(valid.map((request) => ({ positive: true, request })))
        if (invalid) arbs.push(invalid.map((request) => ({ positive: false, request })))
        if (arbs.length === 0) ctx.skip(`${op.operationId} has nothing to generate: no parameters or body the spec constrains`)
        const failure = await runProperty(fc.oneof(...arbs), { seed, numRuns: runs }, async ({ positive, request }) => {
          if (isValid(validator, op, request) !== positive || (positive && locks(op, request))) return 'discard'
          return positive ? await tryValid(ctx, validator, op, request, auth) : await tryInvalid(ctx, validator, op, [request], auth, readBack)
        })
        if (failure) report(ctx, op, failure, options)
      },
    }
  })
}

/**
 * What a generated check shares under `--concurrency`. A valid read is judged by its own answer alone (schema,
 * documented status), whatever other checks change meanwhile: it shares nothing. A changing operation is only
 * sent broken requests, judged like the fixed invalid checks (its read-back must not see others' changes), and
 * when it names the run's own campaigns (made and deleted by the stateful sequences) it must not run beside them.
 */
function generatedShares(op: OperationInfo, changing: boolean, readBack: OperationInfo | undefined): SharedUse {
  if (!changing) return {}
  // Unlike invalid.<op>, it creates no campaign to aim at: it changes nothing on a target that refuses as it must.
  const reads = [...(sharesOf(op, true, readBack).reads ?? []), ...(op.pathParamNames.includes('campaignId') ? ['campaign-list'] : [])]
  return { reads: [...new Set(reads)], changes: [] }
}

/** The keys of a refusal for the request's form (schema), not a business rule the spec states in prose. */
const SCHEMA_REFUSALS = new Set(['invalid_payload', 'invalid_query_params'])

/** A validation with a `session` reserves its codes: a change, so never sent as a read-only case. */
const locks = (op: OperationInfo, request: GeneratedRequest): boolean => CHANGES_NOTHING.has(op.operationId) && typeof request.body === 'object' && request.body !== null && 'session' in request.body

/** Real ids for each path parameter (only the run's own for a request that changes something), else the spec's example. */
export function pathValuesFor(ctx: CheckContext, op: OperationInfo, changing: boolean): Record<string, string[]> {
  const pool = idPoolOf(ctx)
  return Object.fromEntries(op.pathParamNames.map((name) => {
    const real = pool.values(op, name, ctx.ids, changing)
    const example = op.parameters.find((p) => p.in === 'path' && p.name === name)?.schema?.examples?.[0]
    return [name, real.length > 0 ? real : [String(example ?? `pk-unknown-${name}`)]]
  }))
}

type Outcome = { problems: Problem[]; exchange: Exchange } | undefined

async function tryValid(ctx: CheckContext, validator: ContractValidator, op: OperationInfo, request: GeneratedRequest, auth: AuthMode): Promise<Outcome> {
  const exchange = await ctx.call({ ...toRequestSpec(op, request), auth }).catch((error: unknown) => failureExchange(error))
  if ('problems' in exchange) return serverError(exchange.exchange) ?? exchange
  harvestExchange(ctx, exchange)
  const { status, body } = exchange.response
  // A request the spec accepts must not be refused as malformed (a 404 for an unknown id is another matter).
  if (status === 400 && SCHEMA_REFUSALS.has(String(body?.key))) {
    return { exchange, problems: [{ location: 'status', pointer: '', message: `a request valid by the spec was refused as invalid (${body?.key}: ${body?.details ?? body?.message ?? ''})`, expected: 'a documented answer to a valid request', actual: status, keyword: 'positiveDataAcceptance' }] }
  }
  return checkResponse(validator, exchange).length > 0 ? { exchange, problems: checkResponse(validator, exchange) } : undefined
}

/** The first thing any generated case proves (Schemathesis' not_a_server_error), whatever else the spec says of the answer. */
function serverError(exchange: Exchange): Outcome {
  const { status } = exchange.response
  if (status < 500) return undefined
  return { exchange, problems: [{ location: 'status', pointer: '', message: `a request valid by the spec got a server error (${status})`, expected: 'a documented answer, never a 5xx', actual: status, keyword: 'serverError' }] }
}

/**
 * Sends invalid requests (side by side; all name the same resources) between two reads of what they could
 * change: each must get a 4xx in the Error format, and the reads must agree.
 */
export async function tryInvalid(ctx: CheckContext, validator: ContractValidator, op: OperationInfo, requests: readonly GeneratedRequest[], auth: AuthMode, readBack: OperationInfo | undefined): Promise<Outcome> {
  const params = requests[0].params
  const before = readBack ? await snapshot(ctx, readBack, params, readBackAuth(readBack, ctx, auth)) : undefined
  const outcomes = await Promise.all(requests.map((request) => refusal(ctx, validator, op, request, auth)))
  const failed = outcomes.find((o) => 'problems' in o)
  if (failed && 'problems' in failed) return failed
  if (readBack) {
    const after = await snapshot(ctx, readBack, params, readBackAuth(readBack, ctx, auth))
    const broken = requests.map((r) => r.broken).join('; ')
    if (!sameState(before, after)) return { exchange: outcomes[0] as Exchange, problems: [{ location: 'behaviour', pointer: '', message: `refused request(s) (${broken}) changed what ${readBack.operationId} shows`, expected: before, actual: after, keyword: 'nothingChanged' }] }
  }
  return undefined
}

async function refusal(ctx: CheckContext, validator: ContractValidator, op: OperationInfo, request: GeneratedRequest, auth: AuthMode): Promise<Exchange | { problems: Problem[]; exchange: Exchange }> {
  const sent = await ctx.call({ ...toRequestSpec(op, request), auth }, { status: range(400, 499) }).catch((error: unknown) => failureExchange(error))
  if (!('problems' in sent)) return sent
  const status = sent.exchange.response.status
  const problems = sent.problems.filter((p) => p.location !== 'status' || status < 400 || status >= 500)
  // A 4xx the spec does not list is still a refusal; its body must still be an Error.
  const errorOnly = problems.length === 0 ? checkResponse(validator, sent.exchange).filter((p) => p.keyword === 'errorFormat') : problems
  if (errorOnly.length === 0) return sent.exchange
  return { exchange: sent.exchange, problems: errorOnly.map((p) => (p.location === 'status' ? { ...p, message: `an invalid request (${request.broken}) must get a 4xx, never ${status < 500 ? 'a success' : 'a 5xx'}` } : p)) }
}

const readBackAuth = (read: OperationInfo, ctx: CheckContext, fallback: AuthMode): AuthMode => authFor(read, ctx.client.credentials) ?? fallback

function failureExchange(error: unknown): { problems: Problem[]; exchange: Exchange } {
  if (error instanceof CheckFailure && error.exchange) return { problems: error.problems, exchange: error.exchange }
  throw error
}

function report(ctx: CheckContext, op: OperationInfo, failure: PropertyFailure<{ positive: boolean; request: GeneratedRequest }, Outcome>, options: GenerateOptions): never {
  const { value, outcome } = failure
  const kind = value.positive ? 'a valid request' : `an invalid request (${value.request.broken})`
  const replay = `promokit contract --generate ${options.count} --seed ${options.seed} --grep 'generate\\.${op.operationId}$'`
  const problems: ProblemInput[] = outcome!.problems.map((p, i) => (i === 0 ? { ...p, message: `${p.message} — smallest failing case after ${failure.shrinks} shrink(s): ${kind}; seed ${options.seed}; replay: ${replay}` } : p))
  throw new CheckFailure(problems.map((p) => ({ location: 'behaviour', ...p })), outcome!.exchange)
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** A check's own seed: the run's seed and the operation, so each check replays alone with `--grep`. */
export function seedOf(seed: number, name: string): number {
  let h = seed | 0
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x5bd1e995) ^ (h >>> 13)
  return h | 0
}
