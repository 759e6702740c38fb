import type { Credentials } from '../../contracts/http-client.js'
import { Transport, describeTransportError, type TransportResponse } from '../../contracts/http-transport.js'
import type { ContractValidator } from '../../src/validation/validator.js'
import type { HarEntry } from '../har/har-types.js'
import { headerValue, responseText } from '../har/read-har.js'
import { REDACTED } from '../har/redact.js'
import { compareAnswers, type Answer, type DifferenceKind, type Finding } from '../../contracts/compare-answers.js'
import { IdThreads } from './threading.js'

/** The target's own keys, put where the recording had redacted ones (the suite's Credentials). */
export type ReplayCredentials = Credentials

export interface ReplayTarget {
  baseUrl: string
  /** `mock`: a fresh in-process mock whose clock follows the recording; else a deployment. */
  kind: 'mock' | 'url'
  credentials: ReplayCredentials
  /** Moves the mock's clock (mock only: in process, or through a served mock's /_mock/clock/advance). */
  advance?(ms: number): void | Promise<void>
}

export interface Difference {
  /** Position of the exchange in the HAR file (0-based). */
  entry: number
  operationId: string
  method: string
  path: string
  kind: DifferenceKind
  pointer: string
  recorded: unknown
  now: unknown
}

export interface OperationAgreement {
  operationId: string
  exchanges: number
  /** Exchanges without a contract difference (timing differences do not count against it). */
  agreeing: number
  agreement: number
}

export interface ReplayReport {
  format: 'promokit-replay-report'
  version: 1
  har: string
  target: { kind: 'mock' | 'url'; baseUrl: string }
  startedAt: string
  /** How the mock's clock followed the recording: by the gaps between requests, or by the recording's own clock moves. */
  clock?: 'recorded-gaps' | 'recorded-gaps-and-control-calls' | 'wall'
  exchanges: number
  /** Entries not replayed: the mock's control API against a deployment, paths outside the spec. */
  skipped: { entry: number; method: string; url: string; reason: string }[]
  differences: Difference[]
  /** Differences only time explains (a deployment only): not contract differences. */
  timing: Difference[]
  operations: OperationAgreement[]
  /** Ids, codes and URLs of the recording that later requests carried, each replaced by the new target's own. */
  threaded?: { recorded: string; now: string }[]
}

/** The new target could not be used at all (its first request got no answer): exit 2. */
export class ReplayTargetUnusable extends Error {}

const DROPPED_HEADERS = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'transfer-encoding', 'keep-alive', 'cookie'])
const WRONG = 'promokit-replay-refused-credential'

/**
 * Sends the recorded requests in order to the target, threading the ids it returns through later requests,
 * and compares each answer with the recorded one. Against the mock, its clock is advanced by the recorded
 * gap before each request, so async jobs stand where they stood when recorded.
 */
export interface ReplayOptions {
  har: string
  timeoutMs?: number
  /** After each entry (sent or skipped): for a progress line on long replays. */
  onProgress?(progress: { done: number; total: number; differences: number; timing: number }): void
}

export async function replay(entries: readonly HarEntry[], target: ReplayTarget, validator: ContractValidator, options: ReplayOptions): Promise<ReplayReport> {
  const transport = new Transport()
  const threads = new IdThreads()
  const report: ReplayReport = {
    format: 'promokit-replay-report', version: 1, har: options.har, target: { kind: target.kind, baseUrl: target.baseUrl },
    startedAt: new Date().toISOString(), exchanges: 0, skipped: [], differences: [], timing: [], operations: [], threaded: [],
  }
  const tally = new Map<string, { exchanges: number; agreeing: number }>()
  const recordedOrigin = entries.length ? new URL(entries[0].request.url).origin : ''
  // The recorded mock's clock moved with the wall (the CLI's mocks, `promokit contract`'s own included, run on the
  // system clock) and by the recording's control calls (the suite's waits), which are replayed as they come: the
  // gaps between requests are added as well. A recording of a mock on a stopped clock (one embedded in a test)
  // gets a few milliseconds more than it had, which only lets a job finish sooner.
  const movesClock = entries.some((e) => /^\/_mock\/(?:clock|jobs)\b/.test(new URL(e.request.url).pathname))
  report.clock = target.kind === 'url' ? 'wall' : movesClock ? 'recorded-gaps-and-control-calls' : 'recorded-gaps'
  let previousStart: number | undefined
  const progress = (index: number): void => options.onProgress?.({ done: index + 1, total: entries.length, differences: report.differences.length, timing: report.timing.length })
  try {
    for (const [index, entry] of entries.entries()) {
      if (index > 0) progress(index - 1)
      const recordedUrl = new URL(entry.request.url)
      const control = recordedUrl.pathname.startsWith('/_mock/')
      const match = control ? undefined : validator.matchRoute(entry.request.method, recordedUrl.pathname)
      const operationId = match && 'operation' in match ? match.operation.operationId : entry._operationId
      if (control && target.kind !== 'mock') {
        report.skipped.push({ entry: index, method: entry.request.method, url: entry.request.url, reason: "the promokit mock's control API, not sent to a deployment" })
        continue
      }
      const started = Date.parse(entry.startedDateTime)
      if (target.advance && previousStart !== undefined && started > previousStart) await target.advance(started - previousStart)
      previousStart = started
      const request = buildRequest(entry, threads, target, recordedOrigin)
      let answer: TransportResponse
      try {
        answer = await transport.send(request, options.timeoutMs ?? 10_000)
      } catch (error) {
        const why = describeTransportError(error, options.timeoutMs ?? 10_000)
        if (report.exchanges === 0) throw new ReplayTargetUnusable(`cannot reach ${target.baseUrl}: ${why}`)
        answer = { status: 0, headers: {}, text: `no answer: ${why}` }
      }
      report.exchanges++
      const recorded = recordedAnswer(entry)
      const now: Answer = { status: answer.status, headers: answer.headers, body: parse(answer.headers['content-type'], answer.text) }
      threads.learn(recorded.body, now.body)
      if (control) continue
      if (!operationId) {
        report.skipped.push({ entry: index, method: entry.request.method, url: entry.request.url, reason: 'no operation of the spec has this path' })
        continue
      }
      const findings = target.kind === 'url' ? explainedByTime(compareAnswers(operationId, recorded, now, validator, true), request.url) : compareAnswers(operationId, recorded, now, validator, false)
      const where = { entry: index, operationId, method: entry.request.method, path: recordedUrl.pathname }
      for (const finding of findings) (finding.kind === 'timing' ? report.timing : report.differences).push({ ...where, ...finding })
      const row = tally.get(operationId) ?? { exchanges: 0, agreeing: 0 }
      row.exchanges++
      if (findings.every((f) => f.kind === 'timing')) row.agreeing++
      tally.set(operationId, row)
    }
    if (entries.length) progress(entries.length - 1)
  } finally {
    transport.close()
  }
  report.threaded = [...threads.used].map(([recorded, now]) => ({ recorded, now }))
  report.operations = [...tally].map(([operationId, t]) => ({ operationId, ...t, agreement: Math.round((t.agreeing / t.exchanges) * 1000) / 1000 }))
    .sort((a, b) => a.agreement - b.agreement || a.operationId.localeCompare(b.operationId))
  return report
}

// What else differs in an answer whose async status moved on: the same resource at another point of its life.
const LIFE_STAGE = new Set(['type-changed', 'field-added', 'field-removed'])

/**
 * Against a deployment (its clock does not follow the recording): in an answer whose async status moved on,
 * the fields that come and go with that status (an export's `result` while it is not DONE) are timing too;
 * a download whose redacted token the new target has not issued yet (its export was not DONE when asked) is
 * refused for a reason only time explains. Schema validity, error keys and headers stay contract differences.
 */
function explainedByTime(findings: Finding[], sentUrl: string): Finding[] {
  if (sentUrl.includes(`token=${REDACTED}`)) return findings.map((f) => (f.kind === 'status' ? { ...f, kind: 'timing' } : f))
  if (!findings.some((f) => f.kind === 'timing')) return findings
  return findings.map((f) => (LIFE_STAGE.has(f.kind) ? { ...f, kind: 'timing' } : f))
}

function buildRequest(entry: HarEntry, threads: IdThreads, target: ReplayTarget, recordedOrigin: string) {
  // The recording's answer says whether its credentials were accepted; a redacted one that was refused is
  // sent wrong again (a download token too: the URL threaded to the new export's would carry the right one).
  const refused = entry.response.status === 401
  let url = threads.apply(entry.request.url)
  if (url.startsWith(recordedOrigin)) url = target.baseUrl.replace(/\/+$/, '') + url.slice(recordedOrigin.length)
  if (refused && entry.request.url.includes(`token=${REDACTED}`)) url = url.replace(/([?&]token=)[^&]*/, `$1${WRONG}`)
  const c = target.credentials
  const headers: Record<string, string> = {}
  for (const { name, value } of entry.request.headers) {
    const lower = name.toLowerCase()
    if (DROPPED_HEADERS.has(lower)) continue
    headers[lower] = refused ? (value.includes(REDACTED) ? WRONG : value) : credential(lower, value, c, threads) ?? threads.apply(value)
  }
  // A control call the recording saw answered is sent as one the mock takes: a recording made before the
  // control plane refused "simple" requests (docs/mock-server.md, Security) may hold a bare POST.
  if (new URL(url).pathname.startsWith('/_mock/') && entry.response.status < 400) headers['x-requested-with'] ??= 'promokit-replay'
  let body = entry.request.postData?.text
  if (body !== undefined) {
    body = threads.apply(body)
    if (threads.bearer && /x-www-form-urlencoded/i.test(entry.request.postData!.mimeType)) body = body.replace(/(^|&)(access_token=)\*{4}/g, `$1$2${threads.bearer}`)
  }
  return { method: entry.request.method, url, headers, body }
}

function credential(name: string, value: string, c: ReplayCredentials, threads: IdThreads): string | undefined {
  const byName: Record<string, string | undefined> = {
    'x-app-id': c.appId, 'x-app-token': c.appToken, 'x-management-id': c.managementId, 'x-management-token': c.managementToken,
    'x-client-application-id': c.clientId, 'x-client-token': c.clientToken,
  }
  if (name === 'authorization' && /^bearer\s/i.test(value)) {
    const token = threads.bearer ?? c.bearerToken
    return token ? `Bearer ${token}` : undefined
  }
  // A redacted Authorization that is not a bearer token: HTTP Basic with the application keys (OAuth token requests).
  if (name === 'authorization' && value === REDACTED && c.appId && c.appToken) return `Basic ${Buffer.from(`${c.appId}:${c.appToken}`).toString('base64')}`
  return byName[name]
}

function recordedAnswer(entry: HarEntry): Answer {
  const headers = Object.fromEntries(entry.response.headers.map((h) => [h.name.toLowerCase(), h.value]))
  return { status: entry.response.status, headers, body: parse(headerValue(entry.response.headers, 'content-type'), responseText(entry)) }
}

function parse(contentType: string | undefined, text: string): unknown {
  if (!/[/+]json\b/i.test(contentType ?? '') || text === '') return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
