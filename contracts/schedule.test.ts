import { describe, expect, it } from 'vitest'
import { conflicts, costOf } from './check-costs.js'
import type { Check } from './check.js'
import { runScheduled } from './schedule.js'
import { loadSpec } from '../src/spec/load-spec.js'
import { listOperations } from '../src/spec/operations.js'
import { allChecks } from './checks/index.js'

/** Runs items whose work resolves when the test says so, recording starts and ends. */
function harness(names: string[]) {
  const log: string[] = []
  const release = new Map<string, () => void>()
  const fn = (name: string) => {
    log.push(`start ${name}`)
    return new Promise<void>((resolve) => release.set(name, () => (log.push(`end ${name}`), resolve())))
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  return { log, fn, finish: async (name: string) => (release.get(name)!(), await settle()), settle, names }
}

describe('runScheduled', () => {
  it('runs up to the limit side by side and never starts an item before an earlier one it conflicts with has ended', async () => {
    const h = harness(['reader-1', 'reader-2', 'writer', 'other'])
    const conflict = (a: string, b: string) => [a, b].includes('writer') && [a, b].some((x) => x.startsWith('reader'))
    const done = runScheduled(h.names, 3, h.fn, { conflict })
    await h.settle()
    expect(h.log).toEqual(['start reader-1', 'start reader-2', 'start other'])
    await h.finish('reader-1')
    expect(h.log.at(-1)).toBe('end reader-1')
    await h.finish('reader-2')
    expect(h.log.at(-1)).toBe('start writer')
    await h.finish('writer')
    await h.finish('other')
    await done
  })

  it('with limit 1 is the plain sequential run, in order, whatever the weights', async () => {
    const h = harness(['a', 'b', 'c'])
    const done = runScheduled(h.names, 1, h.fn, { conflict: () => false, weight: (n) => (n === 'c' ? 10 : 0) })
    for (const n of h.names) {
      await h.settle()
      await h.finish(n)
    }
    await done
    expect(h.log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  })

  it('starts the heaviest ready item first', async () => {
    const h = harness(['light', 'heavy'])
    const done = runScheduled(h.names, 1 + 1, h.fn, { conflict: () => false, weight: (n) => (n === 'heavy' ? 14 : 1) })
    await h.settle()
    expect(h.log).toEqual(['start heavy', 'start light'])
    await h.finish('heavy')
    await h.finish('light')
    await done
  })

  it('starts a light item that a heavy one waits for before a heavier item nothing waits for', async () => {
    // 'lister' (1) blocks 'creator' (10): the chain lister → creator (11) outweighs 'alone' (5).
    const h = harness(['lister', 'alone', 'creator'])
    const conflict = (a: string, b: string) => [a, b].includes('lister') && [a, b].includes('creator')
    const weights: Record<string, number> = { lister: 1, alone: 5, creator: 10 }
    const done = runScheduled(h.names, 1 + 1, h.fn, { conflict, weight: (n) => weights[n] })
    await h.settle()
    expect(h.log).toEqual(['start lister', 'start alone'])
    await h.finish('lister')
    expect(h.log.at(-1)).toBe('start creator')
    await h.finish('alone')
    await h.finish('creator')
    await done
  })

  it('keeps a gated item out of the slots until its gate opens, and runs the others meanwhile', async () => {
    const h = harness(['needs-ids', 'a', 'b'])
    let open!: () => void
    const discovered = new Promise<void>((resolve) => (open = resolve))
    const done = runScheduled(h.names, 1 + 1, h.fn, { conflict: () => false, gate: (n) => (n === 'needs-ids' ? discovered : undefined) })
    await h.settle()
    expect(h.log).toEqual(['start a', 'start b'])
    await h.finish('a')
    expect(h.log.at(-1)).toBe('end a')
    open()
    await h.settle()
    expect(h.log.at(-1)).toBe('start needs-ids')
    await h.finish('b')
    await h.finish('needs-ids')
    await done
  })

  it('waits for a gate when nothing else can run', async () => {
    const h = harness(['needs-ids'])
    let open!: () => void
    const discovered = new Promise<void>((resolve) => (open = resolve))
    const done = runScheduled(h.names, 1 + 1, h.fn, { conflict: () => false, gate: () => discovered })
    await h.settle()
    expect(h.log).toEqual([])
    open()
    await h.settle()
    await h.finish('needs-ids')
    await done
    expect(h.log).toEqual(['start needs-ids', 'end needs-ids'])
  })
})

describe('what checks share', () => {
  const check = (over: Partial<Check>): Check => ({ id: 'x.y', title: 't', operationIds: [], readOnly: false, run: async () => {}, ...over })

  it('a check reading the campaign list conflicts with one creating campaigns; two creators do not', () => {
    const lister = costOf(check({ readOnly: true, shares: { reads: ['campaign-list'] } }))
    const creator = costOf(check({ shares: { changes: ['campaign-list'] } }))
    expect(conflicts(lister, creator)).toBe(true)
    expect(conflicts(creator, creator)).toBe(false)
    expect(conflicts(lister, lister)).toBe(false)
  })

  it('every check of the suite declares what it shares: an undeclared writer would run alone and stall a --concurrency run', async () => {
    const checks = allChecks(listOperations(await loadSpec()))
    const undeclared = checks.filter((c) => {
      const { shares } = costOf(c)
      return !shares || (shares.reads ?? []).includes('*')
    })
    expect(undeclared.map((c) => c.id)).toEqual([])
  })

  it('an undeclared writing check runs alone; an undeclared read-only one waits only for writers', () => {
    const undeclaredWriter = costOf(check({}))
    const undeclaredReader = costOf(check({ readOnly: true }))
    const pure = costOf(check({ shares: {} }))
    expect(conflicts(undeclaredWriter, pure)).toBe(true)
    expect(conflicts(undeclaredReader, pure)).toBe(false)
    expect(conflicts(undeclaredReader, costOf(check({ shares: { changes: ['gift-card'] } })))).toBe(true)
  })
})
