import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/clock.js'
import { SessionLocks } from './session-locks.js'

// Issue 21 §2: a LOCK of 1e9 days ended after the last printable date, and /_mock/state and the console
// answered 500 from then on, across restarts (the state file kept the end).
describe('session locks end by 9999-12-31', () => {
  it('holds a lock longer than the printable range until the last printable instant', () => {
    const locks = new SessionLocks(new ManualClock())
    locks.lock({ key: 'ssn_forever', type: 'LOCK', ttl: 1e9, ttl_unit: 'DAYS' }, Date.parse('2026-01-15T09:00:00Z'), new Map([['v_1', { uses: 1, credits: 0, points: 0 }]]))

    expect(locks.list()).toEqual([expect.objectContaining({ key: 'ssn_forever', expires_at: '9999-12-31T23:59:59.999Z' })])
  })

  it('restores an end saved before the cap (Number.MAX_SAFE_INTEGER) as that instant', () => {
    const locks = new SessionLocks(new ManualClock())
    const saved = { sessions: [{ view: { key: 'ssn_old', type: 'LOCK', ttl: 1e9, ttl_unit: 'DAYS' }, expiresAt: Number.MAX_SAFE_INTEGER, holds: [{ voucherId: 'v_1', uses: 1, credits: 0, points: 0 }] }] }
    locks.restore(saved)

    expect(locks.list()[0].expires_at).toBe('9999-12-31T23:59:59.999Z')
  })
})
