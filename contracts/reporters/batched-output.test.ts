import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { batchedOutput, withBatchedStdout, type Timer } from './batched-output.js'

/** A timer the test fires by hand: what is pending, and with which delay. */
function manualTimer() {
  const pending: { flush: () => void; ms: number }[] = []
  const timer: Timer = (flush, ms) => {
    const entry = { flush, ms }
    pending.push(entry)
    return () => void pending.splice(pending.indexOf(entry), 1)
  }
  return { timer, pending, fire: () => pending.shift()?.flush() }
}

describe('progress lines are written in batches (issue 25: a write per line cost the run CPU)', () => {
  it('lines written within the interval go out together, in order, when it ends; then the next batch starts', () => {
    const writes: string[] = []
    const { timer, pending, fire } = manualTimer()
    const out = batchedOutput({ write: (text) => writes.push(text) }, { everyMs: 100, timer })
    out.write('[1/3] a\n')
    out.write('[2/3] b\n')
    expect(writes).toEqual([])
    expect(pending.map((p) => p.ms)).toEqual([100])
    fire()
    expect(writes).toEqual(['[1/3] a\n[2/3] b\n'])
    out.write('[3/3] c\n')
    expect(pending).toHaveLength(1)
    fire()
    expect(writes).toEqual(['[1/3] a\n[2/3] b\n', '[3/3] c\n'])
  })

  it('flush writes what waits at once and cancels the timer; with nothing waiting it writes nothing', () => {
    const writes: string[] = []
    const { timer, pending } = manualTimer()
    const out = batchedOutput({ write: (text) => writes.push(text) }, { timer })
    out.flush()
    out.write('summary\n')
    out.flush()
    expect(writes).toEqual(['summary\n'])
    expect(pending).toEqual([])
  })

  it('a command run with batched stdout leaves nothing unwritten when it returns, throws, or the process exits during it', async () => {
    const proc = new EventEmitter() as unknown as NodeJS.Process
    let text = ''
    const io = { stdout: { write: (t: string) => void (text += t) }, env: {} }
    await withBatchedStdout(io, async (batched) => {
      batched.stdout.write('one\n')
      expect(text).toBe('')
      expect(batched.env).toBe(io.env)
    }, proc)
    expect(text).toBe('one\n')
    await expect(withBatchedStdout(io, async (batched) => {
      batched.stdout.write('two\n')
      throw new Error('usage')
    }, proc)).rejects.toThrow('usage')
    expect(text).toBe('one\ntwo\n')
    let exitDuring = ''
    await withBatchedStdout(io, async (batched) => {
      batched.stdout.write('three\n')
      proc.emit('exit', 130)
      exitDuring = text
    }, proc)
    expect(exitDuring).toBe('one\ntwo\nthree\n')
    expect(proc.listenerCount('exit')).toBe(0)
  })
})
