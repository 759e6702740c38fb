/**
 * Session locks (`session: {type: "LOCK"}` on a validation): what a checkout reserved of each voucher (one
 * use of its redemption quantity, gift credits, loyalty points) until the session's TTL ends. Another
 * session, or a call without the key, sees only what is left; a redemption with the key takes what its
 * session reserved and ends the session. Expiry is computed from the clock when read, so advancing the
 * virtual clock past the TTL frees the reservation without any timer.
 */
import { LATEST_PRINTABLE_MS, toIso, type Clock } from '../../../src/clock.js'
import { parseSessionsSnapshot, type Hold, type SavedSession, type SessionRequest, type SessionsSnapshot, type SessionView } from './session-snapshot.js'

export type { Hold, SessionRequest, SessionView }

/** A live session as the control API shows it. */
export interface LockedSession extends SessionView {
  expires_at: string
  holds: { voucher_id: string; uses: number; credits: number; points: number }[]
}

interface Session {
  view: SessionView
  expiresAt: number
  voucherIds: string[]
}

const UNIT_MS: Readonly<Record<string, number>> = {
  DAYS: 86_400_000,
  HOURS: 3_600_000,
  MINUTES: 60_000,
  SECONDS: 1_000,
  MILLISECONDS: 1,
  MICROSECONDS: 1e-3,
  NANOSECONDS: 1e-6,
}

/** The session as the answer reports it: a bare LOCK lasts 7 days (real-service-notes §4.1). */
export function sessionView(request: SessionRequest, newKey: () => string): SessionView {
  const ttl = request.ttl ?? 7
  return { key: request.key ?? newKey(), type: 'LOCK', ttl, ttl_unit: request.ttl_unit ?? 'DAYS' }
}

const NOTHING: Hold = Object.freeze({ uses: 0, credits: 0, points: 0 })

export class SessionLocks {
  readonly #clock: Clock
  readonly #sessions = new Map<string, Session>()
  /** voucher id → session key → what that session holds of it. */
  readonly #holds = new Map<string, Map<string, Hold>>()

  constructor(clock: Clock) {
    this.#clock = clock
  }

  /** What live sessions other than `ownKey` hold of a voucher at `now`. */
  heldByOthers(voucherId: string, now: number, ownKey?: string): Hold {
    const bySession = this.#holds.get(voucherId)
    if (!bySession) return NOTHING
    const total = { uses: 0, credits: 0, points: 0 }
    for (const [key, hold] of bySession) {
      if (key === ownKey) continue
      if (!this.#live(key, now)) continue
      total.uses += hold.uses
      total.credits += hold.credits
      total.points += hold.points
    }
    return total
  }

  /** Replaces what the session holds (a later validation with the same key re-reserves) and restarts its TTL. */
  lock(view: SessionView, now: number, holds: Map<string, Hold>): void {
    this.release(view.key)
    const ms = view.ttl * (UNIT_MS[view.ttl_unit] ?? UNIT_MS.DAYS)
    // a huge ttl (1e9 DAYS) would end after the last date an ISO timestamp can show (or at Infinity, which
    // JSON saves as null): it holds until that "never", which /_mock/state and the console can still print
    this.#put(view, Math.min(now + ms, LATEST_PRINTABLE_MS), holds)
  }

  /** Ends a session (its redemption took what it held, or it expired). */
  release(key: string): void {
    const session = this.#sessions.get(key)
    if (!session) return
    this.#sessions.delete(key)
    for (const voucherId of session.voucherIds) {
      const bySession = this.#holds.get(voucherId)
      bySession?.delete(key)
      if (bySession?.size === 0) this.#holds.delete(voucherId)
    }
  }

  /** The live sessions and what each holds, by voucher id, for `GET /_mock/state` and the console. */
  list(): LockedSession[] {
    return this.snapshot().sessions.map(({ view, expiresAt, holds }) => ({
      ...view,
      expires_at: toIso(expiresAt),
      holds: holds.map(({ voucherId, uses, credits, points }) => ({ voucher_id: voucherId, uses, credits, points })),
    }))
  }

  // Persistence (mock/engine/persistence): the live sessions as plain data, and back.
  /** A session past its TTL at save time holds nothing, so it is left out. */
  snapshot(): SessionsSnapshot {
    const now = this.#clock.now()
    const sessions: SavedSession[] = []
    for (const [key, session] of this.#sessions) {
      if (session.expiresAt <= now) continue
      const holds = session.voucherIds.map((voucherId) => ({ voucherId, ...(this.#holds.get(voucherId)?.get(key) ?? NOTHING) }))
      sessions.push({ view: { ...session.view }, expiresAt: session.expiresAt, holds })
    }
    return { sessions }
  }

  /** Replaces every session with the saved ones; throws, changing nothing, when the data is not a valid snapshot. */
  restore(snapshot: unknown): void {
    const sessions = parseSessionsSnapshot(snapshot, UNIT_MS)
    this.#sessions.clear()
    this.#holds.clear()
    for (const { view, expiresAt, holds } of sessions) {
      this.#put(view, expiresAt, new Map(holds.map(({ voucherId, uses, credits, points }) => [voucherId, { uses, credits, points }])))
    }
  }

  #put(view: SessionView, expiresAt: number, holds: Map<string, Hold>): void {
    // a state file saved before the cap may hold a later end
    this.#sessions.set(view.key, { view, expiresAt: Math.min(expiresAt, LATEST_PRINTABLE_MS), voucherIds: [...holds.keys()] })
    for (const [voucherId, hold] of holds) {
      let bySession = this.#holds.get(voucherId)
      if (!bySession) this.#holds.set(voucherId, (bySession = new Map()))
      bySession.set(view.key, hold)
    }
  }

  /** A session past its TTL is dropped the first time it is read. */
  #live(key: string, now: number): boolean {
    const session = this.#sessions.get(key)
    if (session && session.expiresAt > now) return true
    this.release(key)
    return false
  }
}
