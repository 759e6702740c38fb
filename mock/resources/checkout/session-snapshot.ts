/**
 * The saved form of the session locks (`--state-file`) and the check of what a file holds: a hand-edited
 * or damaged file is refused with the path of the bad value, never half loaded, and its keys only ever
 * become Map keys or strings compared, never properties of an object.
 */
import type { components } from '../../../src/types/openapi.js'

/** A call's `session` (spec Session). */
export type SessionRequest = components['schemas']['Session']

/** The session as answers report it: every field known. */
export type SessionView = Required<SessionRequest>

/** What one session holds of one voucher. */
export interface Hold {
  uses: number
  credits: number
  points: number
}

export interface SavedHold extends Hold {
  voucherId: string
}

export interface SavedSession {
  view: SessionView
  /** When the lock ends, on the mock's clock (epoch ms). */
  expiresAt: number
  holds: SavedHold[]
}

export interface SessionsSnapshot {
  sessions: SavedSession[]
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const own = (value: Json, name: string): unknown => (Object.hasOwn(value, name) ? value[name] : undefined)

function count(value: unknown, at: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new Error(`${at}: expected a whole number ≥ 0, got ${JSON.stringify(value)}`)
  return value as number
}

function text(value: unknown, at: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`${at}: expected a non-empty string, got ${JSON.stringify(value)}`)
  return value
}

function parseView(raw: unknown, at: string, units: Readonly<Record<string, number>>): SessionView {
  if (!isObject(raw)) throw new Error(`${at}: expected an object {key, type, ttl, ttl_unit}`)
  const type = own(raw, 'type')
  if (type !== 'LOCK') throw new Error(`${at}.type: expected "LOCK", got ${JSON.stringify(type)}`)
  const ttl = own(raw, 'ttl')
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0) throw new Error(`${at}.ttl: expected a number above 0, got ${JSON.stringify(ttl)}`)
  const unit = own(raw, 'ttl_unit')
  if (typeof unit !== 'string' || !Object.hasOwn(units, unit)) {
    throw new Error(`${at}.ttl_unit: expected one of ${Object.keys(units).join(', ')}, got ${JSON.stringify(unit)}`)
  }
  return { key: text(own(raw, 'key'), `${at}.key`), type, ttl, ttl_unit: unit as SessionView['ttl_unit'] }
}

function parseHolds(raw: unknown, at: string): SavedHold[] {
  if (!Array.isArray(raw)) throw new Error(`${at}: expected an array of {voucherId, uses, credits, points}`)
  const seen = new Set<string>()
  return raw.map((hold: unknown, i) => {
    const here = `${at}[${i}]`
    if (!isObject(hold)) throw new Error(`${here}: expected an object {voucherId, uses, credits, points}`)
    const voucherId = text(own(hold, 'voucherId'), `${here}.voucherId`)
    if (seen.has(voucherId)) throw new Error(`${here}.voucherId: ${voucherId} is held twice by the same session`)
    seen.add(voucherId)
    return { voucherId, uses: count(own(hold, 'uses'), `${here}.uses`), credits: count(own(hold, 'credits'), `${here}.credits`), points: count(own(hold, 'points'), `${here}.points`) }
  })
}

/** The sessions a saved snapshot holds; throws naming the first bad value. `units` are the known TTL units. */
export function parseSessionsSnapshot(raw: unknown, units: Readonly<Record<string, number>>): SavedSession[] {
  const list = isObject(raw) ? own(raw, 'sessions') : undefined
  if (!Array.isArray(list)) throw new Error('expected {"sessions": [...]}')
  const keys = new Set<string>()
  return list.map((session: unknown, i) => {
    const at = `sessions[${i}]`
    if (!isObject(session)) throw new Error(`${at}: expected an object {view, expiresAt, holds}`)
    const view = parseView(own(session, 'view'), `${at}.view`, units)
    if (keys.has(view.key)) throw new Error(`${at}.view.key: session ${view.key} is saved twice`)
    keys.add(view.key)
    const expiresAt = own(session, 'expiresAt')
    if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) throw new Error(`${at}.expiresAt: expected a time in epoch ms, got ${JSON.stringify(expiresAt)}`)
    return { view, expiresAt, holds: parseHolds(own(session, 'holds'), `${at}.holds`) }
  })
}
