// The results file is an interface: tools track these keys across runs, so every key is always present
// (null with a reason when a figure could not be taken) and the targets are computed here, in one place.

export type Figure = number | null

export interface ThroughputRow {
  call: string
  target: 'promokit' | 'express' | 'node' | 'prism'
  rps: Figure
  p50_ms: Figure
  p99_ms: Figure
  /** Server CPU per request (µs): robust to a busy machine, unlike req/s. */
  cpu_us_per_req?: Figure
  non2xx: number
  errors: number
  /** Why there is no figure (e.g. the operation does not exist yet). */
  note?: string
}

export interface MachineInfo {
  cores: number
  cpu_model: string
  total_memory_gb: number
  node: string
  platform: string
  date: string
  /** 1/5/15-minute load averages when the run started: how busy the shared machine was. */
  load_average?: number[]
}

export interface BenchResults {
  command: string
  quick: boolean
  machine: MachineInfo
  list_rps: Figure
  list_p50_ms: Figure
  list_p99_ms: Figure
  list_empty_rps: Figure
  list_empty_p99_ms: Figure
  express_ceiling_rps: Figure
  /** A bare node:http server sending the list's fixed body: this machine's limit for that answer. */
  node_ceiling_rps: Figure
  prism_list_rps: Figure
  /** The list over 600 distinct query strings: every page built afresh (no cache hit). */
  list_miss_rps: Figure
  prism_list_miss_rps: Figure
  create_rps: Figure
  /** The Express ceiling answering the create call's body. */
  express_create_rps: Figure
  create_p99_ms: Figure
  prism_create_rps: Figure
  validation_rps: Figure
  validation_p99_ms: Figure
  validation_note: string | null
  /** Issue 14: a validation of 5 redeemables over a 50-item order (`--seed-campaigns 10000` server). */
  checkout_rps: Figure
  checkout_p99_ms: Figure
  checkout_cpu_us_per_req: Figure
  /** Median of several launches (`startup_ms_samples` holds each, in launch order). */
  startup_ms: Figure
  startup_ms_samples: number[]
  prism_startup_ms: Figure
  prism_startup_ms_samples: number[]
  idle_rss_mb: Figure
  prism_idle_rss_mb: Figure
  /** The same with `--seed-campaigns 10000`: median start-up, each launch, RSS when idle. */
  startup_10k_ms: Figure
  startup_10k_ms_samples: number[]
  idle_rss_10k_mb: Figure
  codes_1m_ms: Figure
  codes_1m_added_mb: Figure
  codes_1m_added_rss_mb: Figure
  codes_100x10k_ms: Figure
  codes_100x10k_added_mb: Figure
  list_p50_ms_by_size: Record<'1000' | '10000' | '100000', Figure>
  list_deep_p50_ms_by_size: Record<'1000' | '10000' | '100000', Figure>
  /** Page 1 with half the campaigns still generating (jobs pending on a manual clock). */
  list_generating_p50_ms_by_size: Record<'1000' | '10000', Figure>
  contract_run_ms: Figure
  /** The same run against the mock with 50 ms latency per answer and --concurrency 8 (issue 12). */
  contract_run_latency50_concurrency8_ms: Figure
  /** Issue 25: the run against a 50 ms latency target (a mock process of its own, --latency 50), --concurrency 8. */
  contract_run_target50_concurrency8_ms: Figure
  contract_summary: string | null
  /** Issue 22: createCampaign req/s in memory and with --state-file (fsync everysec, always). */
  durable_create_rps: Record<'memory' | 'everysec' | 'always', Figure>
  journal_bytes_per_create: Figure
  /** Start-up to first 2xx with 1,000,000 generated vouchers in the state file (clean stop; SIGKILL, replayed). */
  restart_1m_ms: Figure
  restart_1m_after_kill_ms: Figure
  /** Issue 27: the list call against the mock directly, through a bare node:http forwarder and through `promokit record`, and the HAR bytes per recorded exchange. */
  record_direct_rps: Figure
  record_forwarder_rps: Figure
  record_proxy_rps: Figure
  har_bytes_per_exchange: Figure
  ratios: Record<string, Figure>
  throughput: ThroughputRow[]
  targets: TargetResult[]
  notes: string[]
}

export interface TargetResult {
  id: string
  label: string
  target: string
  actual: string
  /** null: not measured in this run (the reason is in `actual`). */
  met: boolean | null
}

/** a / b, rounded to 2 decimals; null when either side is missing or b is 0. */
export function ratio(a: Figure, b: Figure): Figure {
  if (a === null || b === null || b === 0 || !Number.isFinite(a) || !Number.isFinite(b)) return null
  return Math.round((a / b) * 100) / 100
}

export function computeRatios(r: BenchResults): Record<string, Figure> {
  return {
    list_vs_express_ceiling: ratio(r.list_rps, r.express_ceiling_rps),
    list_vs_node_ceiling: ratio(r.list_rps, r.node_ceiling_rps),
    list_vs_prism: ratio(r.list_rps, r.prism_list_rps),
    list_empty_vs_prism: ratio(r.list_empty_rps, r.prism_list_rps),
    list_miss_vs_prism: ratio(r.list_miss_rps, r.prism_list_miss_rps),
    create_vs_prism: ratio(r.create_rps, r.prism_create_rps),
    create_vs_express_ceiling: ratio(r.create_rps, r.express_create_rps),
    startup_vs_prism: ratio(r.prism_startup_ms, r.startup_ms),
    list_p50_100k_vs_1k: ratio(r.list_p50_ms_by_size['100000'], r.list_p50_ms_by_size['1000']),
    list_deep_p50_100k_vs_1k: ratio(r.list_deep_p50_ms_by_size['100000'], r.list_deep_p50_ms_by_size['1000']),
    list_generating_p50_10k_vs_1k: ratio(r.list_generating_p50_ms_by_size['10000'], r.list_generating_p50_ms_by_size['1000']),
    create_everysec_vs_memory: ratio(r.durable_create_rps.everysec, r.durable_create_rps.memory),
    create_always_vs_memory: ratio(r.durable_create_rps.always, r.durable_create_rps.memory),
    record_vs_direct: ratio(r.record_proxy_rps, r.record_direct_rps),
    forwarder_vs_direct: ratio(r.record_forwarder_rps, r.record_direct_rps),
    record_vs_forwarder: ratio(r.record_proxy_rps, r.record_forwarder_rps),
  }
}

/** The targets, each judged from the figures of this one run. */
export function evaluateTargets(r: BenchResults): TargetResult[] {
  const q = computeRatios(r)
  const atLeast = (id: string, label: string, value: Figure, min: number, show: (v: number) => string, target: string) =>
    judge(id, label, value, (v) => v >= min, show, target)
  const atMost = (id: string, label: string, value: Figure, max: number, show: (v: number) => string, target: string) =>
    judge(id, label, value, (v) => v <= max, show, target)
  const x = (v: number) => `${v.toFixed(2)}×`
  return [
    atLeast('list_vs_express', 'List at 10,000 campaigns vs bare Express 5 ceiling', q.list_vs_express_ceiling, 2.5, x, '≥ 2.5×'),
    atLeast('list_vs_prism', 'List throughput vs Prism', q.list_vs_prism, 15, x, '≥ 15×'),
    atLeast('list_miss_vs_prism', 'List over 600 distinct queries (cache misses) vs Prism', q.list_miss_vs_prism, 10, x, '≥ 10×'),
    atLeast('create_vs_express', 'Create-campaign throughput vs bare Express 5 ceiling', q.create_vs_express_ceiling, 1, x, '≥ 1.0×'),
    atLeast('checkout_rps', 'Validation, 5 redeemables over 50 items (issue 14)', r.checkout_rps, 1000, (v) => `${fmt(v)} req/s`, '≥ 1,000 req/s'),
    atMost('list_p99', 'List p99 latency at 50 connections', r.list_p99_ms, 20, (v) => `${fmt(v)} ms`, '≤ 20 ms'),
    atMost('startup', 'Start-up to first 2xx', r.startup_ms, 500, (v) => `${fmt(v)} ms`, '≤ 500 ms'),
    atMost('idle_rss', 'RSS after start', r.idle_rss_mb, 80, (v) => `${fmt(v)} MB`, '≤ 80 MB'),
    atMost('startup_10k', 'Start-up with 10,000 seeded campaigns', r.startup_10k_ms, 600, (v) => `${fmt(v)} ms`, '≤ 600 ms'),
    atMost('idle_rss_10k', 'RSS after start, 10,000 seeded campaigns', r.idle_rss_10k_mb, 120, (v) => `${fmt(v)} MB`, '≤ 120 MB'),
    atMost('codes_1m_time', '1,000,000 codes: wall time', r.codes_1m_ms, 1500, (v) => `${fmt(v)} ms`, '≤ 1,500 ms'),
    atMost('codes_1m_memory', '1,000,000 codes: added memory', r.codes_1m_added_mb, 200, (v) => `${fmt(v)} MB`, '≤ 200 MB'),
    atMost('list_growth', 'List p50 at 100k vs 1k campaigns (page 1)', q.list_p50_100k_vs_1k, 1.5, x, '≤ 1.5×'),
    atMost('list_growth_deep', 'List p50 at 100k vs 1k campaigns (deep page)', q.list_deep_p50_100k_vs_1k, 1.5, x, '≤ 1.5×'),
    atMost('contract_run', 'Full contract-suite run against the local mock', r.contract_run_ms, 5000, (v) => `${fmt(v)} ms`, '≤ 5,000 ms'),
    atLeast('durable_create', 'Creates with --state-file (fsync everysec) vs in memory', q.create_everysec_vs_memory, 0.5, x, '≥ 0.5×'),
    atMost('restart_1m', 'Restart with 1,000,000 vouchers in the state file', r.restart_1m_ms, 2000, (v) => `${fmt(v)} ms`, '≤ 2,000 ms'),
    atMost('contract_run_remote', 'Contract run, in-process mock with 50 ms latency, --concurrency 8 (its start-up included)', r.contract_run_latency50_concurrency8_ms, 3000, (v) => `${fmt(v)} ms`, '≤ 3,000 ms'),
    atMost('contract_run_target', 'Contract run against a 50 ms latency target, --concurrency 8 (issue 25)', r.contract_run_target50_concurrency8_ms, 3000, (v) => `${fmt(v)} ms`, '≤ 3,000 ms'),
    atLeast('record_overhead', 'List through promokit record vs the mock directly (issue 27)', q.record_vs_direct, 0.5, x, '≥ 0.5×'),
  ]
}

function judge(
  id: string,
  label: string,
  value: Figure,
  ok: (v: number) => boolean,
  show: (v: number) => string,
  target: string,
): TargetResult {
  if (value === null) return { id, label, target, actual: 'not measured', met: null }
  return { id, label, target, actual: show(value), met: ok(value) }
}

/** Figures are noisy on a shared 2-core machine: more digits than this would be false precision. */
export function fmt(value: Figure): string {
  if (value === null) return 'n/a'
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US')
  if (Math.abs(value) >= 10) return value.toFixed(1)
  return value.toFixed(2)
}

export function emptyResults(command: string, quick: boolean, machine: MachineInfo): BenchResults {
  const sizes = () => ({ '1000': null, '10000': null, '100000': null })
  return {
    command,
    quick,
    machine,
    list_rps: null,
    list_p50_ms: null,
    list_p99_ms: null,
    list_empty_rps: null,
    list_empty_p99_ms: null,
    express_ceiling_rps: null,
    node_ceiling_rps: null,
    prism_list_rps: null,
    list_miss_rps: null,
    prism_list_miss_rps: null,
    create_rps: null,
    express_create_rps: null,
    create_p99_ms: null,
    prism_create_rps: null,
    validation_rps: null,
    validation_p99_ms: null,
    validation_note: null,
    checkout_rps: null,
    checkout_p99_ms: null,
    checkout_cpu_us_per_req: null,
    startup_ms: null,
    startup_ms_samples: [],
    prism_startup_ms: null,
    prism_startup_ms_samples: [],
    idle_rss_mb: null,
    prism_idle_rss_mb: null,
    startup_10k_ms: null,
    startup_10k_ms_samples: [],
    idle_rss_10k_mb: null,
    codes_1m_ms: null,
    codes_1m_added_mb: null,
    codes_1m_added_rss_mb: null,
    codes_100x10k_ms: null,
    codes_100x10k_added_mb: null,
    list_p50_ms_by_size: sizes(),
    list_deep_p50_ms_by_size: sizes(),
    list_generating_p50_ms_by_size: { '1000': null, '10000': null },
    contract_run_ms: null,
    contract_run_latency50_concurrency8_ms: null,
    contract_run_target50_concurrency8_ms: null,
    contract_summary: null,
    durable_create_rps: { memory: null, everysec: null, always: null },
    journal_bytes_per_create: null,
    restart_1m_ms: null,
    restart_1m_after_kill_ms: null,
    record_direct_rps: null,
    record_forwarder_rps: null,
    record_proxy_rps: null,
    har_bytes_per_exchange: null,
    ratios: {},
    throughput: [],
    targets: [],
    notes: [],
  }
}

/** Fills the derived parts (ratios, targets) from the measured figures. */
export function finalize(r: BenchResults): BenchResults {
  return { ...r, ratios: computeRatios(r), targets: evaluateTargets(r) }
}
