import { afterEach, describe, expect, it, vi } from 'vitest'
import { Job, nextTurn, settle, type RunJob } from './list-work.js'

function* counting(to: number, log: number[]): Generator<void, number> {
  for (let i = 1; i <= to; i++) {
    log.push(i)
    yield
  }
  return to
}

describe('settle', () => {
  it('answers at once, without a promise, when the attempt needs no unfinished job', () => {
    const job = new Job(counting(3, []))
    job.finish()
    expect(settle((run) => run(job) * 2, { step: 1, sliceMs: 0, pause: nextTurn })).toBe(6)
  })

  it('runs a pending job in steps with a pause after each (slice 0), the last one too, then answers from a fresh attempt', async () => {
    const log: number[] = []
    const job = new Job(counting(4, log))
    let attempts = 0
    let pauses = 0
    const answer = settle(
      (run: RunJob) => {
        attempts++
        return run(job) + 1
      },
      { step: 1, sliceMs: 0, pause: async () => void log.push(-++pauses) },
    )
    expect(answer).toBeInstanceOf(Promise)
    expect(await answer).toBe(5)
    expect(attempts).toBe(2)
    expect(log).toEqual([1, -1, 2, -2, 3, -3, 4, -4, -5])
  })

  it('a job cancelled while the list waits ends its wait; errors of the attempt reach the caller', async () => {
    const job = new Job(counting(10, []))
    let cancelled = false
    const answer = settle(
      (run) => {
        if (cancelled) throw new Error('gone')
        return run(job)
      },
      {
        step: 1,
        sliceMs: 0,
        pause: async () => {
          job.cancel()
          cancelled = true
        },
      },
    )
    await expect(answer).rejects.toThrow('gone')
  })
})

describe('nextTurn', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('waits for a 0 ms timer where there is no setImmediate (browsers)', async () => {
    vi.stubGlobal('setImmediate', undefined)
    const timer = vi.spyOn(globalThis, 'setTimeout')
    await nextTurn()
    expect(timer).toHaveBeenCalledWith(expect.any(Function), 0)
    timer.mockRestore()
  })
})
