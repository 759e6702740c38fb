import type { Check } from './check.js'
import { Cleanup } from './cleanup.js'
import { createCheckContext } from './context.js'
import { CoverageRecorder } from './coverage.js'
import { toCurl, maskRequest, maskText } from './curl.js'
import { discoverIds } from './discover.js'
import { CheckFailure, CheckSkipped } from './failures.js'
import { BudgetExceeded, HttpClient, RequestFailed, type Credentials, type Exchange } from './http-client.js'
import type { SuiteValidator } from './suite-validator.js'
import type { CheckResult, FailureReport, KnownIds, RunReport } from './types.js'

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
  maxRequests?: number
  runId?: string
  signal?: AbortSignal
  onCheckStart?(check: Check, index: number, total: number): void
  onCheckEnd?(result: CheckResult, index: number, total: number): void
}

export const DEFAULTS = { timeoutMs: 10_000, pollTimeoutMs: 60_000, maxRequests: 500 }

/** Which checks a run executes: `--grep` on id or title, and only read-only ones under `--read-only`. */
export function planChecks(checks: readonly Check[], options: { readOnly?: boolean; grep?: RegExp }): Check[] {
  return checks.filter((c) => (!options.readOnly || c.readOnly) && (!options.grep || options.grep.test(c.id) || options.grep.test(c.title)))
}

export function newRunId(): string {
  return (Date.now() % 2_176_782_336).toString(36).padStart(6, '0') + Math.random().toString(36).slice(2, 6)
}

/** Runs the planned checks one after another, then undoes what they created. Never throws for target misbehaviour. */
export async function runSuite(options: RunOptions): Promise<RunReport> {
  const started = performance.now()
  const runId = options.runId ?? newRunId()
  const pollTimeoutMs = options.pollTimeoutMs ?? DEFAULTS.pollTimeoutMs
  const coverage = new CoverageRecorder()
  const client = new HttpClient({
    baseUrl: options.baseUrl,
    credentials: options.credentials,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxRequests: options.maxRequests ?? DEFAULTS.maxRequests,
    onExchange: (ex) => coverage.record(ex),
  })
  let activeClient = client
  const wait = createWait(() => activeClient, options.isMock)
  const cleanup = new Cleanup({ client: () => activeClient, wait, pollTimeoutMs })
  const planned = planChecks(options.checks, options)
  const ids = { ...(await discoverIds(client, planned, options.ids ?? {}, options.isMock)) }
  const ctx = createCheckContext({ client, validator: options.validator, ids, runId, isMock: options.isMock, cleanup, pollTimeoutMs, wait })

  const results: CheckResult[] = []
  let interrupted: string | undefined
  for (const [index, check] of planned.entries()) {
    if (!interrupted && options.signal?.aborted) interrupted = 'interrupted (SIGINT)'
    options.onCheckStart?.(check, index, planned.length)
    const result = interrupted ? skipped(check, interrupted) : await runOne(check, ctx, ids)
    if (!interrupted && result.status === 'failed' && result.failure?.problems[0]?.keyword === 'budget') interrupted = 'request budget used up'
    results.push(result)
    options.onCheckEnd?.(result, index, planned.length)
  }

  activeClient = client.withBudget(100 + cleanup.pending * 20)
  if (!options.readOnly) await cleanup.sweep(ctx.prefix)
  const outcome = await cleanup.runAll()
  const summary = { passed: 0, failed: 0, skipped: 0 }
  for (const r of results) summary[r.status]++
  return {
    runId,
    prefix: ctx.prefix,
    target: { baseUrl: options.baseUrl, isMock: options.isMock },
    readOnly: options.readOnly ?? false,
    startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
    durationMs: Math.round(performance.now() - started),
    requests: client.requestCount + activeClient.requestCount,
    results,
    coverage: coverage.rows(options.validator),
    summary,
    cleanup: outcome,
    ...(interrupted ? { interrupted } : {}),
  }
}

async function runOne(check: Check, ctx: ReturnType<typeof createCheckContext>, ids: KnownIds): Promise<CheckResult> {
  const missing = (check.needs ?? []).filter((need) => !ids[need])
  if (missing.length > 0) return skipped(check, `needs ${missing.map(flagFor).join(', ')} (not given and not discovered)`)
  const started = performance.now()
  const base = { id: check.id, title: check.title, operationIds: [...check.operationIds] }
  try {
    await check.run(ctx)
    return { ...base, status: 'passed', durationMs: elapsed(started) }
  } catch (error) {
    if (error instanceof CheckSkipped) return { ...base, status: 'skipped', reason: error.reason, durationMs: elapsed(started) }
    return { ...base, status: 'failed', durationMs: elapsed(started), failure: toFailure(check, error) }
  }
}

function toFailure(check: Check, error: unknown): FailureReport {
  const base = { checkId: check.id, title: check.title, operationId: check.operationIds[0] }
  if (error instanceof CheckFailure) return { ...base, ...describeExchange(error.exchange), problems: error.problems }
  if (error instanceof BudgetExceeded) return { ...base, problems: [{ location: 'behaviour', pointer: '', message: error.message, keyword: 'budget' }] }
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

function skipped(check: Check, reason: string): CheckResult {
  return { id: check.id, title: check.title, operationIds: [...check.operationIds], status: 'skipped', reason, durationMs: 0 }
}

const FLAGS: Record<string, string> = {
  projectId: '--project-id', rewardId: '--reward-id', assignmentId: '--assignment-id', referralCampaignId: '--referral-campaign-id',
  referralMemberId: '--referral-member-id', templateId: '--template-id', metadataSchemaId: '--metadata-schema-id', giftCampaignId: 'a gift or loyalty campaign',
}
const flagFor = (id: string): string => FLAGS[id] ?? id
const elapsed = (started: number): number => Math.round(performance.now() - started)

/** On the mock, time is virtual: advancing its clock replaces sleeping (tests never sleep, runs stay fast). */
function createWait(client: () => HttpClient, isMock: boolean): (ms: number) => Promise<void> {
  if (!isMock) return (ms) => new Promise((resolve) => setTimeout(resolve, ms))
  return async (ms) => {
    await client().send({ operationId: '_mock', method: 'POST', path: '/_mock/clock/advance', body: { ms }, auth: 'none' })
  }
}
