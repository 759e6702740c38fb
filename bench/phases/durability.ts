import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchContext } from '../run.js'
import { APP_HEADERS, createCall } from '../lib/calls.js'
import { measureLoad, sendAmount, type LoadResult } from '../lib/load.js'
import { stopChild, type StartedServer } from '../lib/processes.js'
import { startPromokit } from '../lib/servers.js'
import { round } from './throughput.js'

/** Bytes in the state file's journals (`<file>.journal.<n>`). */
function journalBytes(file: string): number {
  const dir = join(file, '..')
  const prefix = `${file.slice(dir.length + 1)}.journal.`
  return readdirSync(dir).filter((n) => n.startsWith(prefix)).reduce((sum, n) => sum + statSync(join(dir, n)).size, 0)
}

const json = { ...APP_HEADERS, 'content-type': 'application/json' }
async function post(url: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url + path, { method: 'POST', headers: json, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as Record<string, unknown>
}

/**
 * Issue 22: what the journal costs. Creates per second in memory, with `--state-file` (fsync
 * everysec, the default, and always), the journal bytes one create adds, and the start-up of a
 * mock whose file holds 1,000,000 generated vouchers (after a clean stop, and after a SIGKILL, when
 * the generation is replayed from the journal).
 */
export async function runDurability(ctx: BenchContext): Promise<void> {
  const r = ctx.results
  const dir = mkdtempSync(join(tmpdir(), 'promokit-bench-state-'))
  const run = Date.now().toString(36)
  try {
    const rates: Record<string, LoadResult> = {}
    for (const [label, args] of [['memory', []], ['everysec', ['--fsync', 'everysec']], ['always', ['--fsync', 'always']]] as const) {
      const file = join(dir, `${label}.json`)
      const server = await startPromokit(ctx.root, label === 'memory' ? [] : ['--state-file', file, ...args])
      ctx.log(`measuring createCampaign, ${label === 'memory' ? 'in memory' : `--state-file --fsync ${label}`}`)
      rates[label] = await measureLoad(server.url, createCall(`bench-${run}-${label}`), { ...ctx.shape, serverPid: server.child.pid })
      if (label === 'everysec') {
        const before = journalBytes(file)
        await sendAmount(server.url, createCall(`bench-${run}-bytes`), 10, 1_000)
        r.journal_bytes_per_create = round((journalBytes(file) - before) / 1_000)
      }
      await stopChild(server.child, 60_000)
    }
    r.durable_create_rps = { memory: round(rates.memory.rps), everysec: round(rates.everysec.rps), always: round(rates.always.rps) }
    ctx.log(`creates/s: memory ${r.durable_create_rps.memory}, everysec ${r.durable_create_rps.everysec}, always ${r.durable_create_rps.always}; ${r.journal_bytes_per_create} journal bytes per create`)

    const file = join(dir, 'million.json')
    let server: StartedServer = await startPromokit(ctx.root, ['--state-file', file])
    const campaign = await post(server.url, '/v1/campaigns', {
      name: `bench-${run}-million`, campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 1_000_000,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 }, code_config: { pattern: 'M-########' } },
    })
    await post(server.url, '/_mock/jobs/finish', {})
    // reading a voucher generates the campaign's 1,000,000 codes (journaled: which codes exist is state)
    const listed = await fetch(`${server.url}/v1/vouchers?campaign_id=${String(campaign.id)}&limit=1`, { headers: APP_HEADERS })
    if (!listed.ok) throw new Error(`listing the million vouchers answered ${listed.status}`)
    server.child.kill('SIGKILL')
    await new Promise((resolve) => server.child.once('exit', resolve))
    server = await startPromokit(ctx.root, ['--state-file', file], 120_000)
    r.restart_1m_after_kill_ms = round(server.startupMs)
    // a clean stop writes the snapshot with the codes; the next start reads them instead of replaying
    await stopChild(server.child, 120_000)
    server = await startPromokit(ctx.root, ['--state-file', file], 120_000)
    r.restart_1m_ms = round(server.startupMs)
    await stopChild(server.child, 120_000)
    const baseline = await startPromokit(ctx.root)
    r.notes.push(`Start-up with 1,000,000 vouchers in the state file: ${r.restart_1m_ms} ms after a clean stop, ${r.restart_1m_after_kill_ms} ms after a SIGKILL (journal replay regenerates the codes); an empty in-memory mock starts in ${round(baseline.startupMs)} ms on this machine now.`)
    await stopChild(baseline.child)
    ctx.log(`restart with 1M vouchers: ${r.restart_1m_ms} ms (clean stop), ${r.restart_1m_after_kill_ms} ms (after SIGKILL)`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
