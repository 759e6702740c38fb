import { describe, expect, it } from 'vitest'
import { LATEST_PRINTABLE_MS, ManualClock } from '../../../src/clock.js'
import { SessionLocks, type Hold, type SessionView } from './session-locks.js'

const MINUTE = 60_000
const view = (key: string, ttl = 15, ttl_unit: SessionView['ttl_unit'] = 'MINUTES'): SessionView => ({ key, type: 'LOCK', ttl, ttl_unit })
const holds = (entries: Record<string, Hold>) => new Map(Object.entries(entries))
/** A saved document goes through JSON on its way to the file and back. */
const throughJson = (locks: SessionLocks): unknown => JSON.parse(JSON.stringify(locks.snapshot()))

function lockedPair(clock: ManualClock): SessionLocks {
  const locks = new SessionLocks(clock)
  locks.lock(view('ssn_a'), clock.now(), holds({ v_gift: { uses: 1, credits: 6000, points: 0 }, v_coupon: { uses: 1, credits: 0, points: 0 } }))
  clock.advance(MINUTE)
  locks.lock(view('ssn_b', 2, 'HOURS'), clock.now(), holds({ v_gift: { uses: 1, credits: 1500, points: 0 }, v_card: { uses: 1, credits: 0, points: 300 } }))
  return locks
}

describe('SessionLocks snapshot/restore', () => {
  it('a restored copy holds the same quantities and lets each lock expire at the same virtual time', () => {
    const clock = new ManualClock()
    const saved = lockedPair(clock)
    const copyClock = new ManualClock(clock.now())
    const copy = new SessionLocks(copyClock)
    copy.restore(throughJson(saved))
    expect(copy.snapshot()).toEqual(saved.snapshot())

    const now = clock.now()
    expect(copy.heldByOthers('v_gift', now)).toEqual({ uses: 2, credits: 7500, points: 0 })
    expect(copy.heldByOthers('v_gift', now, 'ssn_a')).toEqual({ uses: 1, credits: 1500, points: 0 })
    expect(copy.heldByOthers('v_card', now)).toEqual({ uses: 1, credits: 0, points: 300 })
    // ssn_a was locked a minute before ssn_b for 15 minutes: it ends at now + 14 min
    copyClock.advance(14 * MINUTE - 1)
    expect(copy.heldByOthers('v_coupon', copyClock.now())).toEqual({ uses: 1, credits: 0, points: 0 })
    copyClock.advance(1)
    expect(copy.heldByOthers('v_coupon', copyClock.now())).toEqual({ uses: 0, credits: 0, points: 0 })
    expect(copy.heldByOthers('v_gift', copyClock.now())).toEqual({ uses: 1, credits: 1500, points: 0 })
    copyClock.set(now + 2 * 60 * MINUTE)
    expect(copy.heldByOthers('v_gift', copyClock.now())).toEqual({ uses: 0, credits: 0, points: 0 })
  })

  it('leaves out a session past its TTL at save time, and a released one', () => {
    const clock = new ManualClock()
    const locks = lockedPair(clock)
    clock.advance(14 * MINUTE)
    expect(locks.snapshot().sessions.map((s) => s.view.key)).toEqual(['ssn_b'])
    locks.release('ssn_b')
    expect(locks.snapshot()).toEqual({ sessions: [] })
  })

  it('saves a lock with a huge ttl as one that never ends within the clock\'s range, not as null', () => {
    const clock = new ManualClock()
    const locks = new SessionLocks(clock)
    locks.lock(view('ssn_forever', 1e305, 'DAYS'), clock.now(), holds({ v_gift: { uses: 1, credits: 10, points: 0 } }))
    const copy = new SessionLocks(clock)
    copy.restore(throughJson(locks))
    // the clock itself stops at the last printable instant: the lock holds up to it
    clock.advance(LATEST_PRINTABLE_MS - 1 - clock.now())
    expect(copy.heldByOthers('v_gift', clock.now())).toEqual({ uses: 1, credits: 10, points: 0 })
  })

  it('restoring replaces every session held before', () => {
    const clock = new ManualClock()
    const locks = lockedPair(clock)
    locks.restore({ sessions: [{ view: view('ssn_c'), expiresAt: clock.now() + MINUTE, holds: [{ voucherId: 'v_card', uses: 1, credits: 0, points: 50 }] }] })
    expect(locks.heldByOthers('v_gift', clock.now())).toEqual({ uses: 0, credits: 0, points: 0 })
    expect(locks.heldByOthers('v_card', clock.now())).toEqual({ uses: 1, credits: 0, points: 50 })
  })

  const session = (patch: object) => ({ view: view('ssn_x'), expiresAt: 1, holds: [{ voucherId: 'v_1', uses: 1, credits: 0, points: 0 }], ...patch })
  it.each([
    ['not an object', 'oops', 'expected {"sessions": [...]}'],
    ['sessions not a list', { sessions: {} }, 'expected {"sessions": [...]}'],
    ['a session not an object', { sessions: [null] }, 'sessions[0]: expected an object'],
    ['another session type', { sessions: [session({ view: { ...view('ssn_x'), type: 'HOLD' } })] }, 'sessions[0].view.type: expected "LOCK"'],
    ['a zero ttl', { sessions: [session({ view: { ...view('ssn_x'), ttl: 0 } })] }, 'sessions[0].view.ttl: expected a number above 0'],
    ['an inherited name as unit', { sessions: [session({ view: { ...view('ssn_x'), ttl_unit: 'constructor' } })] }, 'sessions[0].view.ttl_unit: expected one of DAYS'],
    ['no key', { sessions: [session({ view: { type: 'LOCK', ttl: 1, ttl_unit: 'DAYS' } })] }, 'sessions[0].view.key: expected a non-empty string'],
    ['a key saved twice', { sessions: [session({}), session({})] }, 'sessions[1].view.key: session ssn_x is saved twice'],
    ['no expiry', { sessions: [session({ expiresAt: '2026-01-01' })] }, 'sessions[0].expiresAt: expected a time in epoch ms'],
    ['negative credits', { sessions: [session({ holds: [{ voucherId: 'v_1', uses: 0, credits: -5, points: 0 }] })] }, 'sessions[0].holds[0].credits: expected a whole number'],
    ['a voucher held twice', { sessions: [session({ holds: [{ voucherId: 'v_1', uses: 1, credits: 0, points: 0 }, { voucherId: 'v_1', uses: 1, credits: 0, points: 0 }] })] }, 'holds[1].voucherId: v_1 is held twice'],
  ])('refuses %s, naming the bad value, and keeps what it held', (_case, snapshot, message) => {
    const clock = new ManualClock()
    const locks = lockedPair(clock)
    const before = locks.snapshot()
    expect(() => locks.restore(snapshot)).toThrow(message)
    expect(locks.snapshot()).toEqual(before)
  })

  it('keeps a voucher id like __proto__ from a file as a plain key', () => {
    const clock = new ManualClock()
    const locks = new SessionLocks(clock)
    const raw = JSON.parse(`{"sessions": [{"view": {"key": "__proto__", "type": "LOCK", "ttl": 1, "ttl_unit": "DAYS"}, "expiresAt": ${clock.now() + 1000},
      "holds": [{"voucherId": "__proto__", "uses": 1, "credits": 2, "points": 3}], "__proto__": {"polluted": true}}]}`) as unknown
    locks.restore(raw)
    expect(locks.heldByOthers('__proto__', clock.now())).toEqual({ uses: 1, credits: 2, points: 3 })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
