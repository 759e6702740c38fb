import { describe, expect, it } from 'vitest'
import { ClockGuard } from './clock-guard.js'

/** A clock whose moves finish when the test says so, recording when each starts and ends. */
function manualClock() {
  const log: string[] = []
  const pending: (() => void)[] = []
  const move = (ms: number) => {
    log.push(`move ${ms}`)
    return new Promise<void>((resolve) => pending.push(() => (log.push(`moved ${ms}`), resolve())))
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  const finishMoves = async () => {
    while (pending.length) pending.shift()!()
    await settle()
  }
  return { log, move, settle, finishMoves }
}

describe('ClockGuard', () => {
  it('pauses the moves of others while a hold lasts, lets the holder move the clock, and releases them after', async () => {
    const clock = manualClock()
    const guard = new ClockGuard(clock.move, true)
    let endHold!: () => void
    const holding = new Promise<void>((resolve) => (endHold = resolve))
    const held = guard.hold(async () => {
      clock.log.push('hold')
      const own = guard.wait(11_000)
      await clock.settle()
      await clock.finishMoves()
      await own
      await holding
      clock.log.push('release')
    })
    await clock.settle()
    const other = guard.wait(250)
    await clock.settle()
    await clock.settle()
    expect(clock.log).toEqual(['hold', 'move 11000', 'moved 11000'])
    endHold()
    await held
    await clock.settle()
    expect(clock.log.slice(3)).toEqual(['release', 'move 250'])
    await clock.finishMoves()
    await other
  })

  it('starts a hold only after the moves already under way have ended, and one hold at a time', async () => {
    const clock = manualClock()
    const guard = new ClockGuard(clock.move, true)
    const moving = guard.wait(500)
    const first = guard.hold(async () => void clock.log.push('first'))
    const second = guard.hold(async () => void clock.log.push('second'))
    await clock.settle()
    expect(clock.log).toEqual(['move 500'])
    await clock.finishMoves()
    await Promise.all([moving, first, second])
    expect(clock.log).toEqual(['move 500', 'moved 500', 'first', 'second'])
  })

  it('on a deployment (nobody moves its clock) a hold pauses nothing', async () => {
    const clock = manualClock()
    const guard = new ClockGuard(clock.move, false)
    await guard.hold(async () => {
      const other = guard.wait(250)
      await clock.settle()
      expect(clock.log).toEqual(['move 250'])
      await clock.finishMoves()
      await other
    })
  })
})
