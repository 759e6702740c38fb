import type { Check } from './check.js'
import { fitBudget, plannedRequests } from './budget.js'
import { conflicts, costOf } from './check-costs.js'
import { Cleanup, type CleanupOutcome } from './cleanup.js'
import { checkScopes, currentCheck, type CheckScope } from './check-scope.js'
import { createCheckContext } from './context.js'
import { deleteAlong } from './delete-along.js'
import { prepareAhead } from './prepare-ahead.js'
import { CoverageRecorder } from './coverage.js'
import { toCurl, maskRequest, maskText } from './curl.js'
import { discoverIds } from './discover.js'
import { CheckFailure, CheckSkipped } from './failures.js'
import { BudgetExceeded, HttpClient, MOCK_CONTROL, RequestBudget, RequestFailed, type Credentials, type Exchange } from './http-client.js'
import type { Transport } from './http-transport.js'
import { preflight } from './preflight.js'
import { RateLimited, RateLimitBackoff, systemClock, type RunClock } from './rate-limit.js'
import { runScheduled } from './schedule.js'
import type { SuiteValidator } from './suite-validator.js'
import { UnservedOperations } from './unserved.js'
import type { CheckResult, FailureReport, KnownIds, RunReport, Unavailable } from './types.js'

export interface RunOptions {
  baseUrl: string
  credentials: Credentials
  /** The target is promokit's mock (it answers GET /_mock/clock): waits advance its clock instead of sleeping. */
  isMock: boolean
  validator: SuiteValidator
  checks: readonly Check[]
  ids?: KnownIds
  readOnly?: boolean
  grep?: RegExp
  timeoutMs?: number
  pollTimeoutMs?: number
  /** Hard limit on the requests the run sends, cleanup included. */
  maxRequests?: number
  /** Requests the command already sent to the target before the run (its start-up probes): they count against maxRequests. */
  sentBefore?: number
  /** Plan the most valuable checks that fit in this many requests (also a hard limit). */
  budget?: number
  /** Checks run side by side, when they share nothing (see Check.shares). Default 1. */
  concurrency?: number
  /** The longest single wait for the target's rate limit; longer → the check is reported as not run. */
  rateLimitWaitMs?: number
  /** Wall time and sleeping for rate-limit waits on a deployment (tests inject one; default the real clock). */
  clock?: RunClock
  runId?: string
  signal?: AbortSignal
  /** `--deadline`, on `clock.now()`: no check starts after it, and the cleanup stops waiting there. */
  deadlineAt?: number
  /** Progress lines while the run waits on the target (the cleanup's polling). */
  onProgress?(line: string): void
  /** The report so far, after each check and once the checks are done (before the cleanup): reports written as the run goes. */
  onPartialReport?(report: RunReport): void
  onCheckStart?(check: Check, index: number, total: number): void
  onCheckEnd?(result: CheckResult, index: number, total: number): void
  /** The connections the run's client uses (`promokit contract --record` passes one that records). */
  transport?: Transport
  /** Every answer a check received, with the check's id (also when checks run side by side): for drift. Its preparation's may come before onCheckStart. */
  onCheckExchange?(checkId: string, exchange: Exchange): void
}

export const DEFAULTS = { timeoutMs: 10_000, pollTimeoutMs: 60_000, maxRequests: 2000, concurrency: 1, rateLimitWaitMs: 120_000 }

/** Which checks a run executes: `--grep` on id or title, only read-only ones under `--read-only`, and what fits `--budget`. */
export function planChecks(checks: readonly Check[], options: { readOnly?: boolean; grep?: RegExp; budget?: number }): Check[] {
  const matching = checks.filter((c) => (!options.readOnly || c.readOnly) && (!options.grep || options.grep.test(c.id) || options.grep.test(c.title)))
  return options.budget === undefined ? matching : fitBudget(matching, options.budget).checks
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** How many of a check's writes a failure shows (the newest). */
const TRAIL_LENGTH = 3

export function newRunId(): string {
  return (Date.now() % 2_176_782_336).toString(36).padStart(6, '0') + Math.random().toString(36).slice(2, 6)
}

/**
 * Runs the planned checks (side by side where they share nothing), then undoes what they created, in
 * `finally`. Never throws for target misbehaviour; throws TargetUnusable when the target cannot be reached or
 * refuses the credentials at the start (nothing else could be learnt from the run).
 */
export async function runSuite(options: RunOptions): Promise<RunReport> {
  const started = performance.now()
  const runId = options.runId ?? newRunId()
  const pollTimeoutMs = options.pollTimeoutMs ?? DEFAULTS.pollTimeoutMs
  const concurrency = options.concurrency ?? DEFAULTS.concurrency
  const coverage = new CoverageRecorder()
  const unserved = new UnservedOperations(options.validator.operations)
  let activeClient: HttpClient | undefined
  const wait = createWait(() => activeClient!, options.isMock)
  const clock = options.clock ?? systemClock
  const cleanup = new Cleanup({ client: () => activeClient!, wait, pollTimeoutMs, concurrency, deadlineAt: options.deadlineAt, now: clock.now, progress: options.onProgress, owner: () => currentCheck.getStore()?.id })
  const limit = Math.min(options.maxRequests ?? DEFAULTS.maxRequests, options.budget ?? Infinity)
  const budget = new RequestBudget(limit, () => cleanup.reserve, options.sentBefore)
  const limiter = new RateLimitBackoff({ maxWaitMs: options.rateLimitWaitMs ?? DEFAULTS.rateLimitWaitMs, clock: options.isMock ? { now: clock.now, sleep: wait } : clock })
  const client = new HttpClient({
    baseUrl: options.baseUrl,
    credentials: options.credentials,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    budget,
    limiter,
    transport: options.transport,
    onExchange: (ex) => {
      coverage.record(ex)
      const trail = currentCheck.getStore()
      unserved.record(ex, trail?.id)
      if (!trail) return
      if (ex.operationId !== MOCK_CONTROL) trail.last = ex.operationId
      options.onCheckExchange?.(trail.id, ex)
      if (!READS.has(ex.request.method.toUpperCase())) trail.writes = [...trail.writes.slice(1 - TRAIL_LENGTH), ex]
    },
  })
  activeClient = client
  const planned = planChecks(options.checks, options)
  // Discovery overlaps the start-up probe and then the checks that need no ids (it never throws).
  const ids: KnownIds = { ...options.ids }
  const unavailable: Unavailable = {}
  const discovered = discoverIds(client, planned, options.ids ?? {}, options.isMock, unavailable).then((found) => void Object.assign(ids, found))
  await preflight(client, options.credentials, options.ids?.projectId).catch(async (error: unknown) => {
    await discovered
    throw error
  })
  const ctx = createCheckContext({ client, validator: options.validator, ids, runId, isMock: options.isMock, cleanup, pollTimeoutMs, wait, rateLimitWaitedMs: () => limiter.state.waitedMs })
  const scopeOf = checkScopes(ctx)

  const results: CheckResult[] = new Array(planned.length)
  let interrupted: string | undefined
  let budgetCut: 'budget' | undefined
  let outcome: CleanupOutcome
  const costs = new Map(planned.map((check) => [check, costOf(check)]))
  // Side by side, the campaigns of finished checks are deleted while the others run (see deleteAlong).
  const along = deleteAlong(planned, costs, cleanup, concurrency > 1 && !options.readOnly ? client.forCleanup() : undefined)
  try {
    // Side by side, what checks create before they check anything is created for all of them at once; not when
    // the request limit may stop the run early (a fixture made for a check that never runs spends its requests).
    const roomForAll = plannedRequests(planned) + (options.sentBefore ?? 0) <= limit
    // Nor against a target that rate-limits: the burst would cost waits (on the mock, moves of its clock).
    const unlimited = limiter.state.limit === undefined && limiter.state.refusals === 0
    const preparing = concurrency > 1 && roomForAll && unlimited ? prepareAhead(planned, costs, (check) => !lacksManagementKeys(check, options), (check) => scopeOf(check).prepared()) : () => undefined
    const gates = new Map(planned.map((check) => [check, both(check.needs?.length || check.uses?.length ? discovered : undefined, preparing(check))]))
    const gate = (check: Check): Promise<void> | undefined => gates.get(check)
    await runScheduled(planned, concurrency, async (check, index) => {
      if (!interrupted && options.signal?.aborted) interrupted = `interrupted (${typeof options.signal.reason === 'string' ? options.signal.reason : 'SIGINT'})`
      if (!interrupted && options.deadlineAt !== undefined && clock.now() >= options.deadlineAt) interrupted = DEADLINE_REACHED
      options.onCheckStart?.(check, index, planned.length)
      await gate(check)
      const withoutKeys = !interrupted && lacksManagementKeys(check, options)
      const result = interrupted ? skipped(check, interrupted, budgetCut) : withoutKeys ? skipped(check, withoutKeys) : await currentCheck.run(scopeOf(check).trail, () => runOne(check, scopeOf(check), ids, unavailable))
      if (!interrupted && result.notRun === 'budget') {
        interrupted = BUDGET_USED_UP
        budgetCut = 'budget'
      }
      results[index] = result
      along.finished(check)
      options.onCheckEnd?.(result, index, planned.length)
      options.onPartialReport?.(assemble('checks'))
    }, { conflict: (a, b) => conflicts(costs.get(a)!, costs.get(b)!), weight: (check) => costs.get(check)!.requests, gate })
  } finally {
    options.onPartialReport?.(assemble('cleanup'))
    activeClient = client.forCleanup()
    await along.done()
    outcome = await cleanup.runAll(options.readOnly ? {} : { sweep: ctx.prefix }).finally(() => client.close())
  }
  return assemble(undefined, outcome)

  /** The report: final, or so far (`inProgress`: checks still running, or the cleanup still to come). */
  function assemble(inProgress: RunReport['inProgress'], cleanupOutcome: CleanupOutcome = { deleted: [], failed: [], kept: [] }): RunReport {
    // Operations the target has no route for: one problem each, first; the checks that met one say so alike.
    const all = unserved.apply(results.filter(Boolean))
    // What --budget left out is listed in every report (as skipped, with the reason), not silently absent.
    if (options.budget !== undefined) all.push(...leftOutBy(options.checks, planned, options).map((check) => ({ ...skipped(check, `left out by --budget ${options.budget}: it did not fit (raise --budget or drop it to run it)`), notRun: 'left-out' as const })))
    const summary = { passed: 0, failed: 0, skipped: 0, rateLimited: 0, overBudget: 0, leftOut: 0 }
    for (const r of all) {
      summary[r.status]++
      if (r.notRun === 'rate-limited') summary.rateLimited++
      if (r.notRun === 'budget') summary.overBudget++
      if (r.notRun === 'left-out') summary.leftOut++
    }
    const { waitedMs, refusals, limit: windowLimit } = limiter.state
    return {
      runId,
      prefix: ctx.prefix,
      target: { baseUrl: options.baseUrl, isMock: options.isMock },
      readOnly: options.readOnly ?? false,
      startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
      durationMs: Math.round(performance.now() - started),
      requests: budget.sent,
      plannedRequests: plannedRequests(planned),
      concurrency,
      rateLimit: { refusals, waitedMs, ...(windowLimit !== undefined ? { limit: windowLimit } : {}) },
      results: all,
      coverage: coverage.rows(options.validator),
      summary,
      cleanup: cleanupOutcome,
      ...(interrupted ? { interrupted } : {}),
      ...(inProgress ? { inProgress } : {}),
    }
  }
}

/**
 * A check of a management operation (under /management/, management keys only) cannot run without those keys:
 * it is skipped with the flags to pass, not failed with a 401. The auth.* checks send wrong keys on purpose and run.
 */
function lacksManagementKeys(check: Check, options: RunOptions): string | undefined {
  if (check.id.startsWith('auth.') || (options.credentials.managementId && options.credentials.managementToken)) return undefined
  const management = options.validator.operations.filter((op) => op.path.startsWith('/management/')).map((op) => op.operationId)
  return check.operationIds.some((id) => management.includes(id)) ? 'needs --management-id and --management-token (env PROMOKIT_MANAGEMENT_ID, PROMOKIT_MANAGEMENT_TOKEN)' : undefined
}

/** Waits for both (either may be absent). */
function both(a: Promise<void> | undefined, b: Promise<void> | undefined): Promise<void> | undefined {
  return a && b ? Promise.all([a, b]).then(() => undefined) : a ?? b
}

async function runOne(check: Check, { ctx, follows }: CheckScope, ids: KnownIds, unavailable: Unavailable): Promise<CheckResult> {
  const missing = (check.needs ?? []).filter((need) => !ids[need])
  const why = missing.map((need) => unavailable[need]).filter(Boolean)
  if (missing.length > 0) return skipped(check, why.length ? why.join('; ') : `needs ${missing.map(flagFor).join(', ')} (not given and not discovered)`)
  const started = performance.now()
  const base = { id: check.id, title: check.title, operationIds: [...check.operationIds] }
  const on = (): Record<string, string> => Object.fromEntries([...follows].filter((pair): pair is [string, string] => pair[1] !== undefined))
  const withFollows = <T extends CheckResult>(r: T): T => (follows.size ? { ...r, follows: [...follows.keys()], followsOn: on() } : r)
  try {
    await check.run(ctx)
    return withFollows({ ...base, status: 'passed', durationMs: elapsed(started) })
  } catch (error) {
    if (error instanceof CheckSkipped) return withFollows({ ...base, status: 'skipped', reason: error.reason, durationMs: elapsed(started) })
    // A target that keeps refusing for longer than we may wait has not shown a defect: the check did not run.
    if (error instanceof RateLimited) return { ...base, status: 'skipped', notRun: 'rate-limited', reason: `not run: ${error.message}`, durationMs: elapsed(started) }
    // The run's own limit, not the target's behaviour: what the check saw so far proves nothing either way.
    if (error instanceof BudgetExceeded) return { ...base, status: 'skipped', notRun: 'budget', reason: `not run: ${error.message}`, durationMs: elapsed(started) }
    return withFollows({ ...base, status: 'failed', durationMs: elapsed(started), failure: toFailure(check, error) })
  }
}

function toFailure(check: Check, error: unknown): FailureReport {
  const base = { checkId: check.id, title: check.title, operationId: check.operationIds[0] }
  if (error instanceof CheckFailure) {
    const before = (currentCheck.getStore()?.writes ?? []).filter((ex) => ex !== error.exchange).map((ex) => toCurl(ex.request))
    return { ...base, ...describeExchange(error.exchange), ...(before.length ? { before } : {}), problems: error.problems }
  }
  if (error instanceof RequestFailed) {
    return { ...base, curl: toCurl(error.request), request: maskRequest(error.request), problems: [{ location: 'status', pointer: '', message: error.message, keyword: 'network' }] }
  }
  return { ...base, problems: [{ location: 'behaviour', pointer: '', message: `the check itself crashed: ${(error as Error)?.stack ?? String(error)}`, keyword: 'crash' }] }
}

function describeExchange(exchange: Exchange | undefined): Partial<FailureReport> {
  if (!exchange) return {}
  const { request, response } = exchange
  const body = maskText(response.text)
  return {
    operationId: exchange.operationId,
    curl: toCurl(request),
    status: response.status,
    request: maskRequest(request),
    response: { status: response.status, headers: response.headers, body: body.length > 4000 ? `${body.slice(0, 4000)}... (${body.length} chars)` : body },
  }
}

const BUDGET_USED_UP = 'request budget used up'
const DEADLINE_REACHED = 'deadline reached (--deadline): the remaining checks were not started'

/** The checks `--read-only` and `--grep` selected but `--budget` did not fit. */
function leftOutBy(checks: readonly Check[], planned: readonly Check[], options: RunOptions): Check[] {
  const selected = planChecks(checks, { ...options, budget: undefined })
  return selected.filter((check) => !planned.includes(check))
}

function skipped(check: Check, reason: string, notRun?: 'budget'): CheckResult {
  return { id: check.id, title: check.title, operationIds: [...check.operationIds], status: 'skipped', reason, durationMs: 0, ...(notRun ? { notRun } : {}) }
}

const FLAGS: Record<string, string> = {
  projectId: '--project-id', rewardId: '--reward-id', assignmentId: '--assignment-id', referralCampaignId: '--referral-campaign-id',
  referralMemberId: '--referral-member-id', templateId: '--template-id', metadataSchemaId: '--metadata-schema-id', giftCampaignId: 'a gift or loyalty campaign',
  loyaltyCardCode: '--loyalty-card', loyaltyRewardId: '--loyalty-reward-id',
}
const flagFor = (id: string): string => FLAGS[id] ?? id
const elapsed = (started: number): number => Math.round(performance.now() - started)

/** On the mock, time is virtual: advancing its clock replaces sleeping (tests never sleep, runs stay fast). */
export function createWait(client: () => HttpClient, isMock: boolean): (ms: number) => Promise<void> {
  if (!isMock) return (ms) => new Promise((resolve) => setTimeout(resolve, ms))
  return async (ms) => {
    await client().send({ operationId: '_mock', method: 'POST', path: '/_mock/clock/advance', body: { ms }, auth: 'none' })
  }
}
