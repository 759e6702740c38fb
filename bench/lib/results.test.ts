import { describe, expect, it } from 'vitest'
import { meanOf, noteFor } from '../phases/throughput.js'
import { contextFor, renderMarkdown, renderTable } from './render.js'
import { computeRatios, emptyResults, evaluateTargets, finalize, fmt, ratio, type BenchResults } from './results.js'

const machine = { cores: 2, cpu_model: 'Test CPU', total_memory_gb: 24, node: 'v20.20.2', platform: 'linux 6', date: '2026-11-21T14:00:00.000Z' }
const shape = { connections: 50, warmupSeconds: 3, durationSeconds: 10 }

function measured(overrides: Partial<BenchResults> = {}): BenchResults {
  return {
    ...emptyResults('npm run bench', false, machine),
    list_rps: 9600,
    list_p99_ms: 18,
    express_ceiling_rps: 3800,
    prism_list_rps: 200,
    list_miss_rps: 2500,
    prism_list_miss_rps: 200,
    create_rps: 2600,
    express_create_rps: 2500,
    checkout_rps: 1200,
    startup_ms: 420,
    idle_rss_mb: 75,
    startup_10k_ms: 550,
    idle_rss_10k_mb: 110,
    codes_1m_ms: 900,
    codes_1m_added_mb: 40,
    list_p50_ms_by_size: { '1000': 0.5, '10000': 0.55, '100000': 0.6 },
    list_deep_p50_ms_by_size: { '1000': 0.5, '10000': 0.6, '100000': 0.7 },
    contract_run_ms: 4200,
    contract_run_latency50_concurrency8_ms: 2800,
    contract_run_target50_concurrency8_ms: 2600,
    durable_create_rps: { memory: 2000, everysec: 1500, always: 600 },
    restart_1m_ms: 1200,
    record_direct_rps: 4000,
    record_proxy_rps: 2400,
    ...overrides,
  }
}

describe('ratio', () => {
  it('divides and rounds to two decimals', () => {
    expect(ratio(3600, 3800)).toBe(0.95)
    expect(ratio(3600, 200)).toBe(18)
  })

  it('is null when a side is missing or the divisor is zero', () => {
    expect(ratio(null, 3800)).toBeNull()
    expect(ratio(3600, null)).toBeNull()
    expect(ratio(3600, 0)).toBeNull()
  })
})

describe('evaluateTargets', () => {
  it('marks every target met when the figures are within the goals', () => {
    const targets = evaluateTargets(measured())
    expect(targets.map((t) => [t.id, t.met])).toEqual([
      ['list_vs_express', true],
      ['list_vs_prism', true],
      ['list_miss_vs_prism', true],
      ['create_vs_express', true],
      ['checkout_rps', true],
      ['list_p99', true],
      ['startup', true],
      ['idle_rss', true],
      ['startup_10k', true],
      ['idle_rss_10k', true],
      ['codes_1m_time', true],
      ['codes_1m_memory', true],
      ['list_growth', true],
      ['list_growth_deep', true],
      ['contract_run', true],
      ['durable_create', true],
      ['restart_1m', true],
      ['contract_run_remote', true],
      ['contract_run_target', true],
      ['record_overhead', true],
    ])
  })

  it('marks a target missed by its ratio, and says so with the figure', () => {
    const targets = evaluateTargets(measured({ list_rps: 3000, list_deep_p50_ms_by_size: { '1000': 0.5, '10000': 1, '100000': 5 } }))
    expect(targets.find((t) => t.id === 'list_vs_express')).toMatchObject({ met: false, actual: '0.79×' })
    expect(targets.find((t) => t.id === 'list_growth_deep')).toMatchObject({ met: false, actual: '10.00×' })
    expect(evaluateTargets(measured({ contract_run_latency50_concurrency8_ms: 3400 })).find((t) => t.id === 'contract_run_remote')).toMatchObject({ met: false, actual: '3,400 ms' })
    expect(evaluateTargets(measured({ contract_run_target50_concurrency8_ms: 3100 })).find((t) => t.id === 'contract_run_target')).toMatchObject({ met: false, actual: '3,100 ms' })
    expect(evaluateTargets(measured({ checkout_rps: 640 })).find((t) => t.id === 'checkout_rps')).toMatchObject({ met: false, actual: '640 req/s' })
  })

  it('reports a figure that was not taken as not measured rather than as missed', () => {
    const targets = evaluateTargets(measured({ contract_run_ms: null, prism_list_rps: null }))
    expect(targets.find((t) => t.id === 'contract_run')).toMatchObject({ met: null, actual: 'not measured' })
    expect(targets.find((t) => t.id === 'list_vs_prism')?.met).toBeNull()
  })

  it('compares the start-up of Prism to promokit as a speed-up', () => {
    expect(computeRatios(measured({ prism_startup_ms: 4200 })).startup_vs_prism).toBe(10)
  })
})

describe('the results file', () => {
  it('always carries the keys tools track, even when nothing was measured', () => {
    const json = JSON.parse(JSON.stringify(finalize(emptyResults('npm run bench -- --quick', true, machine))))
    for (const key of ['list_rps', 'list_p99_ms', 'express_ceiling_rps', 'prism_list_rps', 'list_miss_rps', 'prism_list_miss_rps', 'create_rps', 'express_create_rps', 'startup_ms', 'prism_startup_ms', 'idle_rss_mb', 'startup_10k_ms', 'idle_rss_10k_mb', 'codes_1m_ms', 'codes_1m_added_mb', 'contract_run_ms']) {
      expect(json).toHaveProperty(key)
    }
    expect(Object.keys(json.list_p50_ms_by_size)).toEqual(['1000', '10000', '100000'])
    expect(json.machine).toMatchObject({ cores: 2, node: 'v20.20.2' })
  })
})

describe('renderMarkdown', () => {
  it('names the command, the machine and every target with its verdict', () => {
    const md = renderMarkdown(finalize(measured({ startup_ms: 900, startup_ms_samples: [1200, 900, 880] })), shape)
    expect(md).toContain('`npm run bench`')
    expect(md).toContain('| Launch to first 2xx, each launch | 1,200 ms, 900 ms, 880 ms | n/a | |')
    expect(md).toContain('2 cores (Test CPU)')
    expect(md).toContain('| Start-up to first 2xx | ≤ 500 ms | 900 ms | **missed** |')
    expect(md).toContain('| RSS after start | ≤ 80 MB | 75.0 MB | met |')
  })

  it('lines up promokit, the ceiling and Prism per call with their ratios', () => {
    const r = measured()
    r.throughput = [
      { call: 'GET list', target: 'promokit', rps: 3600, p50_ms: 12, p99_ms: 18, cpu_us_per_req: 412, non2xx: 0, errors: 0 },
      { call: 'GET list', target: 'express', rps: 4000, p50_ms: 11, p99_ms: 17, non2xx: 0, errors: 0 },
      { call: 'GET list', target: 'prism', rps: 240, p50_ms: 150, p99_ms: 300, non2xx: 0, errors: 0 },
    ]
    const md = renderMarkdown(finalize(r), shape)
    expect(md).toContain('| GET list | 3,600 | 12.0 / 18.0 | 4,000 | 11.0 / 17.0 | 0.90× | 240 | 150 / 300 | 15.00× |')
    expect(renderTable(finalize(r))).toContain('GET list  prism')
    expect(md).toContain('| GET list | 412 µs |  |  |')
  })
})

describe('noteFor', () => {
  it('explains a validations endpoint that does not exist yet', () => {
    const note = noteFor({ status: 404, body: JSON.stringify({ code: 404, key: 'not_found', resource_type: 'route' }) })
    expect(note).toBe('n/a: the target has no POST /v1/validations route (404 route)')
  })

  it('is undefined for a 2xx answer', () => {
    expect(noteFor({ status: 200, body: '{}' })).toBeUndefined()
  })
})

describe('fmt', () => {
  it('shows no more digits than the noise allows', () => {
    expect(fmt(3512.4)).toBe('3,512')
    expect(fmt(18.26)).toBe('18.3')
    expect(fmt(0.456)).toBe('0.46')
    expect(fmt(null)).toBe('n/a')
  })
})

describe('meanOf', () => {
  const run = (rps: number, cpu: number | null) => ({
    rps,
    p50Ms: 10,
    p99Ms: rps / 100,
    cpuUsPerRequest: cpu,
    requests: rps * 10,
    non2xx: 1,
    errors: 0,
    timeouts: 0,
    errorKinds: { ECONNRESET: 1 },
    seconds: 10,
  })

  it('averages the rates and latencies of alternating rounds and adds up the counts', () => {
    const m = meanOf([run(3000, 300), run(4000, 200)])
    expect(m).toMatchObject({ rps: 3500, p99Ms: 35, cpuUsPerRequest: 250, requests: 70_000, non2xx: 2, errorKinds: { ECONNRESET: 2 } })
  })

  it('has no CPU figure when a round lacks one', () => {
    expect(meanOf([run(3000, 300), run(4000, null)]).cpuUsPerRequest).toBeNull()
  })
})

describe('contextFor', () => {
  it('puts a missed p99 and Prism ratio next to the ceiling of the same run', () => {
    const r = measured({ list_rps: 6000, list_p99_ms: 49, express_ceiling_rps: 3000, node_ceiling_rps: 7500, prism_list_rps: 600 })
    r.throughput = [{ call: 'GET list', target: 'express', rps: 3000, p50_ms: 15, p99_ms: 39.5, non2xx: 0, errors: 0 }]
    expect(contextFor(r)).toEqual([
      "p99: the bare Express ceiling's own p99 for the same call is 39.5 ms at 50 connections in this run, so a 20 ms p99 is beyond any Express 5 server on this machine.",
      "Prism: on our spec Prism answers 600 req/s (perf-baseline.md: about 280 on the real service's 2.9 MB document); 15× that is 9,000 req/s, " +
        "3.00× the bare Express ceiling (3,000 req/s), 1.20× a bare node:http server sending the same fixed page (7,500 req/s); promokit's list runs at 0.80× that bare server.",
    ])
  })

  it('says nothing when the goals are within reach', () => {
    expect(contextFor(measured())).toEqual([])
  })
})
