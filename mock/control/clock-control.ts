import type { Clock } from '../../src/clock.js'
import { toIso } from '../../src/clock.js'
import { ApiError } from '../errors.js'
import type { ProjectRegistry } from '../project-state.js'
import type { MockClockView } from '../../src/mock-control.js'

export interface AdvanceableClock extends Clock {
  advance(ms: number): void
}

export const isAdvanceable = (clock: Clock): clock is AdvanceableClock =>
  typeof (clock as Partial<AdvanceableClock>).advance === 'function'

export function advanceClock(clock: Clock, ms: number): void {
  if (!isAdvanceable(clock)) throw new ApiError('CONFLICT', 'This server runs on a clock that cannot be advanced')
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
  if (ms > 0) advanceClock(clock, ms)
  return ms
}

export const clockView = (clock: Clock): MockClockView => ({ now: toIso(clock.now()), epoch_ms: clock.now(), advanceable: isAdvanceable(clock) })
