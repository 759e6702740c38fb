import type { Clock } from '../../src/clock.js'
import { LATEST_PRINTABLE_MS, toIso } from '../../src/clock.js'
import { ApiError } from '../engine/errors.js'
import type { ProjectRegistry } from '../engine/project-state.js'
import type { MockClockView } from '../../src/mock-control.js'

export interface AdvanceableClock extends Clock {
  advance(ms: number): void
}

export const isAdvanceable = (clock: Clock): clock is AdvanceableClock =>
  typeof (clock as Partial<AdvanceableClock>).advance === 'function'

/**
 * Moves the clock; it never passes the last printable date (every answer shows times as ISO strings,
 * and a clock past it made every request, reset included, fail).
 */
export function advanceClock(clock: Clock, ms: number): void {
  if (!isAdvanceable(clock)) throw new ApiError('CONFLICT', 'This server runs on a clock that cannot be advanced')
  const room = LATEST_PRINTABLE_MS - clock.now()
  if (!(ms >= 0 && ms <= room)) {
    throw new ApiError('INVALID_PAYLOAD', `ms: must be from 0 to ${Math.max(0, room)} (the clock stops at ${toIso(LATEST_PRINTABLE_MS)})`)
  }
  clock.advance(ms)
}

/** Moves the clock just past the moment the last pending job (generation, export) is ready; returns the ms moved. */
export function finishJobs(clock: Clock, projects: ProjectRegistry): number {
  const now = clock.now()
  let latest = now
  for (const project of projects.all()) {
    const readyAt = project.latestJobReadyAt(now)
    if (readyAt !== undefined && readyAt > latest) latest = readyAt
  }
  const ms = latest - now
  if (ms > LATEST_PRINTABLE_MS - now) throw new ApiError('CONFLICT', `A pending job ends after ${toIso(LATEST_PRINTABLE_MS)}, where the clock stops`)
  if (ms > 0) advanceClock(clock, ms)
  return ms
}

export const clockView = (clock: Clock): MockClockView => ({ now: toIso(clock.now()), epoch_ms: clock.now(), advanceable: isAdvanceable(clock) })
