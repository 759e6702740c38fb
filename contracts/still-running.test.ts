import { describe, expect, it } from 'vitest'
import { stillRunning } from './still-running.js'

describe('progress between check lines on long runs', () => {
  it('names the checks running for at least the interval, with how long, and nothing otherwise', () => {
    let t = 0
    const lines: string[] = []
    const progress = stillRunning((line) => lines.push(line), { now: () => t, everyMs: 15_000, timer: false })
    progress.started('generate.listVouchers')
    t = 6_000
    progress.started('generate.getVoucher')
    progress.tick()
    expect(lines).toEqual([])
    t = 20_000
    progress.tick()
    expect(lines).toEqual(['  … still running: generate.listVouchers (20 s)'])
    progress.ended('generate.listVouchers')
    t = 21_000
    progress.tick()
    expect(lines.at(-1)).toBe('  … still running: generate.getVoucher (15 s)')
    progress.ended('generate.getVoucher')
    progress.tick()
    expect(lines).toHaveLength(2)
    progress.stop()
  })
})
