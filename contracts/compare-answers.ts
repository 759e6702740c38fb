import { escapePointerToken } from '../src/json-pointer.js'
import type { ContractValidator } from '../src/validation/validator.js'
import { compareShapes } from './compare-shapes.js'

/** How an answer of the new target differs from the recorded one. `timing` is not a contract difference. */
export type DifferenceKind = 'status' | 'error-key' | 'schema' | 'field-added' | 'field-removed' | 'type-changed' | 'header' | 'async-status' | 'timing'

export interface Answer {
  status: number
  /** Lower-case names. */
  headers: Record<string, string>
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: unknown
}

export interface Finding {
  kind: DifferenceKind
  /** A JSON pointer into the body, or into the headers (`/content-type`) for `header`, '' for the status. */
  pointer: string
  recorded: unknown
  now: unknown
}

const RATE_LIMIT_HEADERS = ['x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-retry']
// Fields whose values move on by themselves (generation, exports, async deletes) in this order.
const ASYNC_STATUS_KEYS = new Set(['status', 'creation_status', 'vouchers_generation_status'])
const ASYNC_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'DONE', 'FAILED']
// Data that differs by nature between two targets: a null here and a value there is not a type change.
const NATURAL = /^(?:id|code|url|request_id|[a-z_]*_id|[a-z_]*_at|[a-z_]*_date|more_starting_after)$/

/**
 * Compares one recorded answer with the new target's answer to the same request, by kind (`promokit replay`;
 * `promokit drift` compares two targets' answers with `bodies: 'shapes'`). Values are not
 * compared (ids, timestamps, generated codes and request ids differ by nature) except the error key and the
 * async statuses. `live`: the new target is a deployment, whose clock does not follow the recording, so a
 * status that only time explains (a Retry-After on either side, an async status that moved on) is `timing`.
 */
export function compareAnswers(operationId: string, recorded: Answer, now: Answer, validator: ContractValidator, live: boolean, bodies: 'items' | 'shapes' = 'items'): Finding[] {
  const findings: Finding[] = []
  if (recorded.status !== now.status) {
    const timing = live && ('retry-after' in recorded.headers || 'retry-after' in now.headers)
    return [{ kind: timing ? 'timing' : 'status', pointer: '', recorded: recorded.status, now: now.status }]
  }
  if (recorded.status >= 400) {
    const [a, b] = [keyOf(recorded.body), keyOf(now.body)]
    if (a !== b) findings.push({ kind: 'error-key', pointer: '/key', recorded: a, now: b })
  }
  const mediaA = mediaType(recorded.headers['content-type'])
  const mediaB = mediaType(now.headers['content-type'])
  if (mediaA !== mediaB) findings.push({ kind: 'header', pointer: '/content-type', recorded: mediaA, now: mediaB })
  for (const name of RATE_LIMIT_HEADERS) {
    if ((name in recorded.headers) !== (name in now.headers)) findings.push({ kind: 'header', pointer: `/${name}`, recorded: recorded.headers[name] ?? null, now: now.headers[name] ?? null })
  }
  const validity = [validator.validateResponse(operationId, recorded.status, recorded.body, recorded.headers), validator.validateResponse(operationId, now.status, now.body, now.headers)]
  if (validity[0].valid !== validity[1].valid) {
    const invalid = validity[0].valid ? validity[1] : validity[0]
    const first = invalid.violations[0]
    const says = (v: typeof invalid): string => (v.valid ? 'valid' : `invalid: ${v.violations[0]?.message ?? 'schema'}`)
    // The validator's pointers start at the response (`/body/...`); ours point into the body.
    findings.push({ kind: 'schema', pointer: (first?.pointer ?? '').replace(/^\/body(?=\/|$)/, ''), recorded: says(validity[0]), now: says(validity[1]) })
  }
  if (!isJsonBody(recorded.body) || !isJsonBody(now.body)) return findings
  // A replay sends the same requests on the same data: item by item. Two targets hold different data: by shape.
  if (bodies === 'shapes') findings.push(...compareShapes(recorded.body, now.body))
  else walk(recorded.body, now.body, '', '', findings, live)
  return findings
}

function walk(a: unknown, b: unknown, pointer: string, key: string, out: Finding[], live: boolean): void {
  const [ta, tb] = [typeOf(a), typeOf(b)]
  if (ta !== tb) {
    if ((ta === 'null' || tb === 'null') && NATURAL.test(key)) return
    out.push({ kind: 'type-changed', pointer, recorded: ta, now: tb })
    return
  }
  if (ta === 'string' && ASYNC_STATUS_KEYS.has(key) && a !== b && ASYNC_STATUSES.includes(a as string) && ASYNC_STATUSES.includes(b as string)) {
    out.push({ kind: live ? 'timing' : 'async-status', pointer, recorded: a, now: b })
    return
  }
  if (ta === 'array') {
    const [la, lb] = [a as unknown[], b as unknown[]]
    for (let i = 0; i < Math.min(la.length, lb.length); i++) walk(la[i], lb[i], `${pointer}/${i}`, key, out, live)
    return
  }
  if (ta !== 'object') return
  const [oa, ob] = [a as Record<string, unknown>, b as Record<string, unknown>]
  for (const name of Object.keys(oa)) {
    const at = `${pointer}/${escapePointerToken(name)}`
    if (!Object.hasOwn(ob, name)) out.push({ kind: 'field-removed', pointer: at, recorded: oa[name], now: undefined })
    else walk(oa[name], ob[name], at, name, out, live)
  }
  for (const name of Object.keys(ob)) {
    if (!Object.hasOwn(oa, name)) out.push({ kind: 'field-added', pointer: `${pointer}/${escapePointerToken(name)}`, recorded: undefined, now: ob[name] })
  }
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)
const isJsonBody = (value: unknown): boolean => typeof value === 'object' && value !== null
const keyOf = (body: unknown): unknown => (isJsonBody(body) ? (body as Record<string, unknown>).key : undefined)
const mediaType = (header: string | undefined): string | null => header?.split(';')[0].trim().toLowerCase() || null
