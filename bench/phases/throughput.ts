import type { BenchContext } from '../run.js'
import { APP_HEADERS, CALLS, callOnce, checkoutCall, createCall, listCall, missListCall, prepareCheckout, validationCall, type Answer } from '../lib/calls.js'
import { measureLoad, type LoadCall, type LoadResult } from '../lib/load.js'
import { sampleStartup, type StartedServer } from '../lib/processes.js'
import { fmt, type ThroughputRow } from '../lib/results.js'
import { startExpressCeiling, startNodeCeiling, startPromokit } from '../lib/servers.js'
import type { CeilingBodies } from '../workers/express-ceiling.js'

const STORED = 10_000

/**
 * promokit and the Express ceiling side by side, call by call, each pair measured back to back so
 * machine noise hits both alike. Two promokit processes: one empty (list with 0, then creates), one
 * holding exactly 10,000 campaigns created through the API.
 */
export async function runThroughput(ctx: BenchContext): Promise<void> {
  const r = ctx.results
  const run = Date.now().toString(36)

  const launches = ctx.quick ? 3 : 5
  const startup = await sampleStartup(() => startPromokit(ctx.root), launches)
  const empty = startup.server
  r.startup_ms = startup.medianMs
  r.startup_ms_samples = startup.samplesMs
  r.idle_rss_mb = startup.idleRssMb
  ctx.log(`promokit started in ${r.startup_ms} ms (median of ${launches}: ${r.startup_ms_samples.join(', ')}), RSS ${r.idle_rss_mb} MB`)
  await deleteAllCampaigns(empty.url)
  const list0 = expectOk(await callOnce(empty.url, listCall()), 'listCampaigns (empty)')

  // `--seed-campaigns` creates realistic campaigns (seeded generator) through the campaign store at
  // start: the same objects as POSTs would make, without minutes of HTTP seeding.
  // Start-up and idle memory at that size are figures of their own (issue 15): launched like the empty one.
  ctx.log(`starting promokit with --seed-campaigns ${STORED} (${launches} launches)`)
  const seeded = await sampleStartup(() => startPromokit(ctx.root, ['--seed-campaigns', String(STORED)], 180_000), launches)
  const full = seeded.server
  r.startup_10k_ms = seeded.medianMs
  r.startup_10k_ms_samples = seeded.samplesMs
  r.idle_rss_10k_mb = seeded.idleRssMb
  ctx.log(`seeded promokit started in ${r.startup_10k_ms} ms (median of ${launches}: ${r.startup_10k_ms_samples.join(', ')}), RSS ${r.idle_rss_10k_mb} MB`)
  const created = expectOk(await callOnce(full.url, createCall(`bench-${run}-probe`)), 'createCampaign')
  const tierId = firstTierId(created.body)
  const validation = await callOnce(full.url, validationCall(tierId))
  const validationNote = noteFor(validation)
  // issue 14: 5 redeemables (item-level tiers, a coupon, gift credits) over a 50-item cart
  const checkout = await prepareCheckout(full.url, `bench-${run}-checkout`).catch((error: unknown) => (error instanceof Error ? error.message : String(error)))
  const list10k = expectOk(await callOnce(full.url, listCall()), 'listCampaigns (10,000)')
  const total = (JSON.parse(list10k.body) as { total?: number }).total ?? 0
  if (total < STORED) throw new Error(`--seed-campaigns ${STORED}: the list answered total ${total}`)
  r.notes.push(
    `"10,000 stored": \`--seed-campaigns ${STORED}\` plus the fixtures and one probe (list total ${total}); ` +
      `a page of 10 is ${list10k.body.length.toLocaleString('en-US')} bytes (empty list: ${list0.body.length} bytes).`,
  )

  const bodies: CeilingBodies = { default: list10k, list0, list10k, create: created }
  if (!validationNote) bodies.validation = validation
  if (typeof checkout !== 'string') bodies.checkout = checkout.answer
  const ceiling = await startExpressCeiling(ctx.root, bodies)

  // Rounds alternate promokit and the ceiling, so a burst of noise on the machine hits both alike.
  const pair = async (label: string, promokit: StartedServer, call: LoadCall, ceilingCall: LoadCall, rounds = 1): Promise<void> => {
    const ours: LoadResult[] = []
    const theirs: LoadResult[] = []
    for (let round = 1; round <= rounds; round++) {
      ctx.log(`measuring ${label}${rounds > 1 ? ` (round ${round} of ${rounds})` : ''}`)
      ours.push(await measureLoad(promokit.url, call, { ...ctx.shape, serverPid: promokit.child.pid }))
      theirs.push(await measureLoad(ceiling.url, ceilingCall, { ...ctx.shape, serverPid: ceiling.child.pid }))
    }
    r.throughput.push(toRow(label, 'promokit', meanOf(ours)))
    r.throughput.push(toRow(label, 'express', meanOf(theirs)))
  }
  await pair(CALLS.list0, empty, listCall(), listCall({ 'x-bench-body': 'list0' }))
  await pair(CALLS.list10k, full, listCall(), listCall({ 'x-bench-body': 'list10k' }), ctx.quick ? 1 : 2)
  // The ceiling answers its fixed page whatever the query: the row shows what building each page costs.
  await pair(CALLS.listMiss, full, missListCall(), listCall({ 'x-bench-body': 'list10k' }))
  await pair(CALLS.create, empty, createCall(`bench-${run}-load`), createCall(`bench-${run}-x`, { 'x-bench-body': 'create' }))
  if (validationNote) {
    r.validation_note = validationNote
    for (const target of ['promokit', 'express'] as const) r.throughput.push(naRow(CALLS.validation, target, validationNote))
  } else {
    await pair(CALLS.validation, full, validationCall(tierId), validationCall(tierId, { 'x-bench-body': 'validation' }))
  }
  if (typeof checkout === 'string') {
    for (const target of ['promokit', 'express'] as const) r.throughput.push(naRow(CALLS.checkout, target, `n/a: ${checkout}`))
  } else {
    r.notes.push(`${CALLS.checkout}: the answer is ${checkout.answer.body.length.toLocaleString('en-US')} bytes.`)
    await pair(CALLS.checkout, full, checkout.call, checkoutCall(checkout.tierIds, { 'x-bench-body': 'checkout' }))
  }

  // The machine's own limit for the list's body: a bare node:http server sending the same bytes.
  const bare = await startNodeCeiling(ctx.root, bodies)
  ctx.log(`measuring ${CALLS.list10k} on a bare node:http server`)
  const bareRow = toRow(CALLS.list10k, 'node', await measureLoad(bare.url, listCall({ 'x-bench-body': 'list10k' }), { ...ctx.shape, serverPid: bare.child.pid }))
  r.throughput.push(bareRow)
  await bare.stop()
  r.notes.push(
    `Bare node:http sending the same fixed page of 10 (${CALLS.list10k}): ${fmt(bareRow.rps)} req/s, ` +
      `p50 / p99 ${fmt(bareRow.p50_ms)} / ${fmt(bareRow.p99_ms)} ms, ${fmt(bareRow.cpu_us_per_req ?? null)} µs CPU per request: this machine's limit for that answer.`,
  )

  const pick = (call: string, target: ThroughputRow['target']) => r.throughput.find((t) => t.call === call && t.target === target)
  r.list_rps = pick(CALLS.list10k, 'promokit')?.rps ?? null
  r.list_p50_ms = pick(CALLS.list10k, 'promokit')?.p50_ms ?? null
  r.list_p99_ms = pick(CALLS.list10k, 'promokit')?.p99_ms ?? null
  r.express_ceiling_rps = pick(CALLS.list10k, 'express')?.rps ?? null
  r.node_ceiling_rps = pick(CALLS.list10k, 'node')?.rps ?? null
  r.list_empty_rps = pick(CALLS.list0, 'promokit')?.rps ?? null
  r.list_empty_p99_ms = pick(CALLS.list0, 'promokit')?.p99_ms ?? null
  r.list_miss_rps = pick(CALLS.listMiss, 'promokit')?.rps ?? null
  r.create_rps = pick(CALLS.create, 'promokit')?.rps ?? null
  r.express_create_rps = pick(CALLS.create, 'express')?.rps ?? null
  r.create_p99_ms = pick(CALLS.create, 'promokit')?.p99_ms ?? null
  r.validation_rps = pick(CALLS.validation, 'promokit')?.rps ?? null
  r.validation_p99_ms = pick(CALLS.validation, 'promokit')?.p99_ms ?? null
  r.checkout_rps = pick(CALLS.checkout, 'promokit')?.rps ?? null
  r.checkout_p99_ms = pick(CALLS.checkout, 'promokit')?.p99_ms ?? null
  r.checkout_cpu_us_per_req = pick(CALLS.checkout, 'promokit')?.cpu_us_per_req ?? null
}

export function toRow(call: string, target: ThroughputRow['target'], m: LoadResult): ThroughputRow {
  const row: ThroughputRow = {
    call,
    target,
    rps: round(m.rps),
    p50_ms: m.p50Ms,
    p99_ms: m.p99Ms,
    cpu_us_per_req: m.cpuUsPerRequest === null ? null : Math.round(m.cpuUsPerRequest),
    non2xx: m.non2xx,
    errors: m.errors,
  }
  if (m.non2xx + m.errors > 0) {
    const kinds = Object.entries(m.errorKinds).map(([kind, n]) => `${n} ${kind}`).join(', ')
    row.note = `${m.non2xx} non-2xx answers and ${m.errors} errors${kinds ? ` (${kinds})` : ''} (not counted as throughput)`
  }
  return row
}

/** Several rounds of one call as one result: means of the rates and latencies, sums of the counts. */
export function meanOf(results: LoadResult[]): LoadResult {
  if (results.length === 1) return results[0]
  const mean = (f: (r: LoadResult) => number) => results.reduce((sum, r) => sum + f(r), 0) / results.length
  const cpu = results.every((r) => r.cpuUsPerRequest !== null) ? mean((r) => r.cpuUsPerRequest!) : null
  const errorKinds: Record<string, number> = {}
  for (const r of results) for (const [kind, n] of Object.entries(r.errorKinds)) errorKinds[kind] = (errorKinds[kind] ?? 0) + n
  return {
    rps: mean((r) => r.rps),
    p50Ms: mean((r) => r.p50Ms),
    p99Ms: mean((r) => r.p99Ms),
    cpuUsPerRequest: cpu,
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
    errorKinds,
    seconds: results.reduce((sum, r) => sum + r.seconds, 0),
  }
}

export function naRow(call: string, target: ThroughputRow['target'], note: string): ThroughputRow {
  return { call, target, rps: null, p50_ms: null, p99_ms: null, non2xx: 0, errors: 0, note }
}

/** Why validations cannot be measured, or undefined when they answer 2xx. */
export function noteFor(answer: Answer): string | undefined {
  if (answer.status >= 200 && answer.status < 300) return undefined
  let key = ''
  try {
    const body = JSON.parse(answer.body) as { key?: string; resource_type?: string }
    if (answer.status === 404 && body.resource_type === 'route') return 'n/a: the target has no POST /v1/validations route (404 route)'
    key = body.key ? ` ${body.key}` : ''
  } catch {
    // Not JSON: the status alone has to explain it.
  }
  return `n/a: POST /v1/validations answered ${answer.status}${key} to a valid request`
}

/** The fixtures bring a few campaigns; "0 stored" means none, so they go through the API first. */
async function deleteAllCampaigns(baseUrl: string): Promise<void> {
  for (;;) {
    const page = JSON.parse(expectOk(await callOnce(baseUrl, { ...listCall(), path: '/v1/campaigns?limit=100' }), 'listCampaigns').body) as {
      campaigns: { id: string }[]
    }
    if (page.campaigns.length === 0) return
    for (const { id } of page.campaigns) {
      const res = await fetch(`${baseUrl}/v1/campaigns/${id}`, { method: 'DELETE', headers: APP_HEADERS })
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`deleteCampaign ${id} answered ${res.status}`)
    }
    // deletion is asynchronous (202, an async action about a second later on the mock's clock): finish it now
    const finished = await fetch(`${baseUrl}/_mock/jobs/finish`, { method: 'POST', headers: { 'content-type': 'application/json' } })
    await finished.arrayBuffer()
    if (!finished.ok) throw new Error(`POST /_mock/jobs/finish answered ${finished.status}`)
  }
}

function expectOk(answer: Answer, what: string): Answer {
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`)
  return answer
}

function firstTierId(body: string): string {
  const campaign = JSON.parse(body) as { promotion?: { tiers?: { id: string }[] } }
  const id = campaign.promotion?.tiers?.[0]?.id
  if (!id) throw new Error('createCampaign answered a promotion without tiers')
  return id
}

export function round(value: number): number {
  return Math.round(value * 10) / 10
}
