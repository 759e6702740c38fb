import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSuite, type Suite } from '../../suite.js'
import { FRESH_DEFECTS_B } from './fresh-defects-b.js'
import { DefectMocks, runDefect } from './measure-defects.js'
import { failures } from './run-wrapped.js'

const pinned = FRESH_DEFECTS_B.filter((d) => d.by !== null)
const held = {} as { suite: Suite; mocks: DefectMocks }
beforeAll(async () => {
  held.suite = await loadSuite()
  held.mocks = new DefectMocks()
})
afterAll(() => held.mocks?.close())

/** A defect whose very mistake is a 5xx: its catch shows that 5xx (any other catch must not be a crash). */
const isFiveHundredDefect = (kind: string): boolean => / 500$/.test(kind)

describe('fresh defects (b) (issue 25): each caught by the check it names, where it says', () => {
  it('leaves out only defects that break no documented promise, each saying why', () => {
    expect(FRESH_DEFECTS_B).toHaveLength(20)
    expect(FRESH_DEFECTS_B.filter((d) => d.by === null).map((d) => [d.kind, Boolean(d.whyNot)])).toEqual([['an item\'s subtotal_amount not reduced by its discount', true]])
    const ids = new Set(held.suite.checks.map((c) => c.id))
    expect(pinned.filter((d) => !ids.has(d.by!)).map((d) => d.by)).toEqual([])
  })

  // Without it a check that fails anyway would seem to catch every defect named for it.
  it.each([undefined, 'startup'] as const)('every check named passes on the clean mock (rate limit %s)', async (rateLimit) => {
    const only = [...new Set(pinned.filter((d) => d.rateLimit === rateLimit).map((d) => d.by!))]
    const { report } = await runDefect(await held.mocks.for(rateLimit), held.suite, { kind: 'clean', rateLimit }, { only })
    expect(report.results.map((r) => r.id).sort()).toEqual([...only].sort())
    expect(report.results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status} ${r.reason ?? ''}`), failures(report).join('\n')).toEqual([])
  })

  it.each(pinned)('$kind: caught by $by', async (defect) => {
    const { report, fired, armed } = await runDefect(await held.mocks.for(defect.rateLimit), held.suite, defect, { only: [defect.by!] })
    const result = report.results.find((r) => r.id === defect.by)
    expect(result?.status, failures(report).join('\n')).toBe('failed')
    // caught because of the defect: one of its faults fired (a wrapper defect changes answers only through itself)
    if (armed !== undefined) expect(fired).toBeGreaterThan(0)
    const failure = result!.failure!
    if (!isFiveHundredDefect(defect.kind)) expect(failure.status ?? 0, failures(report).join('\n')).toBeLessThan(500)
    expect(failure.problems, failures(report).join('\n')).toContainEqual(expect.objectContaining(defect.shows))
    expect(failure.curl).toMatch(/^curl -X /)
  })
})
