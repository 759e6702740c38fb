// `node dist/bench/contract-timeline.js [latency ms = 50] [concurrency = 8] [rows = 30]`: where a contract run's
// wall time goes. Runs every check against the in-process mock, as `promokit contract --latency --concurrency`
// does, and prints the checks by duration (start, end, requests), the two bounds of the run: the slot time
// (sum of the checks' durations over the concurrency: the run cannot end sooner) and the longest chain of
// checks that wait for each other (Check.shares), then the cleanup's share. At --latency 1000 durations read
// as rounds of requests sent one after another, whatever the machine's load (issue 25's closing figure).
import { conflicts, costOf } from '../contracts/check-costs.js'
import type { Check } from '../contracts/check.js'
import { prepareTarget } from '../contracts/prepare-target.js'
import { planChecks, runSuite } from '../contracts/runner.js'
import { loadSuite } from '../contracts/suite.js'

interface Row {
  check: Check
  start: number
  end: number
  requests: number
}

const [latencyMs = 50, concurrency = 8, rows = 30] = process.argv.slice(2).map(Number)
const suite = await loadSuite()
const target = await prepareTarget({ credentials: {}, ids: {}, latencyMs }, { stdout: { write: () => true } })
const planned = planChecks(suite.checks, {})
const timeline = new Map<string, Row>()
const requests = new Map<string, number>()
const t0 = performance.now()
let checksDone = 0
const report = await runSuite({
  baseUrl: target.baseUrl, credentials: target.credentials, isMock: target.isMock, ids: target.ids, validator: suite.validator, checks: planned, concurrency,
  onCheckStart: (check) => void timeline.set(check.id, { check, start: performance.now() - t0, end: NaN, requests: 0 }),
  onCheckEnd: (result) => {
    timeline.get(result.id)!.end = checksDone = performance.now() - t0
  },
  // A check's preparation may answer before the check starts (contracts/prepare-ahead.ts): counted apart.
  onCheckExchange: (id) => void requests.set(id, (requests.get(id) ?? 0) + 1),
}).finally(() => target.close())
const total = performance.now() - t0

const all = [...timeline.values()].map((row) => ({ ...row, requests: requests.get(row.check.id) ?? 0 }))
const ms = (n: number): string => String(Math.round(n)).padStart(7)
process.stdout.write(`${'check'.padEnd(52)}  start    end    took  requests\n`)
for (const r of [...all].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, rows)) process.stdout.write(`${r.check.id.padEnd(52)}${ms(r.start)}${ms(r.end)}${ms(r.end - r.start)}  ${r.requests}\n`)

const slotTime = all.reduce((sum, r) => sum + r.end - r.start, 0) / concurrency
const firstStart = Math.min(...all.map((r) => r.start))
process.stdout.write(`\n${report.summary.passed} passed, ${report.summary.failed} failed, ${report.requests} requests; --latency ${latencyMs} --concurrency ${concurrency}\n`)
process.stdout.write(`run ${Math.round(total)} ms: start-up probes and discovery ${Math.round(firstStart)}, checks ${Math.round(checksDone - firstStart)}, cleanup ${Math.round(total - checksDone)}\n`)
process.stdout.write(`slot time (the checks' durations / ${concurrency}): ${Math.round(slotTime)} ms; slots busy ${Math.round((100 * slotTime) / (checksDone - firstStart))}% of the checks' phase\n`)
process.stdout.write(`longest chain of checks that wait for each other: ${longestChain(planned, timeline)}\n`)

/** The scheduler's conflicts (an item waits for every earlier one it conflicts with) weighted by measured durations. */
function longestChain(checks: readonly Check[], measured: Map<string, Row>): string {
  const costs = checks.map(costOf)
  const took = checks.map((c) => (measured.get(c.id) ? measured.get(c.id)!.end - measured.get(c.id)!.start : 0))
  const finish: number[] = []
  const before: number[] = []
  checks.forEach((_, i) => {
    finish[i] = took[i]
    before[i] = -1
    for (let j = 0; j < i; j++) {
      if (conflicts(costs[j], costs[i]) && finish[j] + took[i] > finish[i]) [finish[i], before[i]] = [finish[j] + took[i], j]
    }
  })
  let at = finish.indexOf(Math.max(...finish))
  const chain: string[] = []
  for (; at >= 0; at = before[at]) chain.unshift(`${checks[at].id} (${Math.round(took[at])})`)
  return `${Math.round(Math.max(...finish))} ms: ${chain.join(' → ')}`
}
