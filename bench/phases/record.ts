import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchContext } from '../run.js'
import { APP_HEADERS, LIST_PATH, listCall } from '../lib/calls.js'
import { measureLoad, type LoadResult } from '../lib/load.js'
import { freePort, startServer, type StartedServer } from '../lib/processes.js'
import { startPromokit } from '../lib/servers.js'
import { round } from './throughput.js'

/**
 * Issue 27: what recording costs. The same list call against the mock directly, through a bare node:http
 * forwarder (workers/forward-ceiling.ts: what any proxy built on node:http reaches here) and through
 * `promokit record` in front of it (its own process, as a user runs it, writing every exchange to a HAR file),
 * measured in turn round after round; then the HAR file's size per exchange it holds. Through a proxy three
 * processes (load generator, proxy, mock) share the machine's cores where the direct run has two: that is how a
 * user runs it on one machine, so it is measured that way, and the CPU time per request of each server is
 * reported beside req/s (the figure that moves least with whatever else runs).
 */
export async function runRecord(ctx: BenchContext): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'promokit-bench-record-'))
  const har = join(dir, 'bench.har')
  const mock = await startPromokit(ctx.root)
  const port = await freePort()
  const forwarder = await startForwarder(ctx.root, mock.url)
  const proxy = await startServer({
    name: 'promokit record',
    command: process.execPath,
    args: [join(ctx.root, 'bin', 'promokit.js'), 'record', '--target', mock.url, '--port', String(port), '--out', har],
    cwd: ctx.root,
    port,
    probePath: LIST_PATH,
    probeHeaders: APP_HEADERS,
    timeoutMs: 30_000,
  })
  try {
    const direct: LoadResult[] = []
    const forwarded: LoadResult[] = []
    const through: LoadResult[] = []
    for (let round = 1; round <= (ctx.quick ? 1 : 2); round++) {
      ctx.log(`measuring the list directly, through a bare forwarder and through promokit record (round ${round})`)
      direct.push(await measureLoad(mock.url, listCall(), { ...ctx.shape, serverPid: mock.child.pid }))
      forwarded.push(await measureLoad(forwarder.url, listCall(), { ...ctx.shape, serverPid: forwarder.child.pid }))
      through.push(await measureLoad(proxy.url, listCall(), { ...ctx.shape, serverPid: proxy.child.pid }))
    }
    ctx.results.record_direct_rps = round(mean(direct.map((r) => r.rps)))
    ctx.results.record_forwarder_rps = round(mean(forwarded.map((r) => r.rps)))
    ctx.results.record_proxy_rps = round(mean(through.map((r) => r.rps)))
    await proxy.stop()
    const entries = countEntries(har)
    ctx.results.har_bytes_per_exchange = entries ? round(statSync(har).size / entries) : null
    const errors = through.reduce((n, r) => n + r.errors + r.non2xx, 0)
    const cpu = (results: LoadResult[]): string => `${Math.round(mean(results.map((r) => r.cpuUsPerRequest ?? 0)))} µs`
    ctx.results.notes.push(
      `promokit record: the list (10 campaigns) at ${ctx.shape.connections} connections, ${fmtRps(ctx.results.record_direct_rps)} req/s directly, ` +
        `${fmtRps(ctx.results.record_forwarder_rps)} req/s through a bare node:http forwarder that records nothing (the ceiling of any node:http proxy here), ` +
        `${fmtRps(ctx.results.record_proxy_rps)} req/s through the recording proxy (${errors} errors; CPU per request: the mock ${cpu(direct)}, the forwarder ${cpu(forwarded)}, promokit record ${cpu(through)}); ` +
        `its HAR file held ${entries.toLocaleString('en-US')} exchanges at ${ctx.results.har_bytes_per_exchange?.toLocaleString('en-US')} bytes each (bodies kept, one entry per exchange).`,
    )
    ctx.log(`record: direct ${ctx.results.record_direct_rps} req/s, bare forwarder ${ctx.results.record_forwarder_rps} req/s, through the proxy ${ctx.results.record_proxy_rps} req/s, ${ctx.results.har_bytes_per_exchange} HAR bytes per exchange`)
  } finally {
    await proxy.stop()
    await forwarder.stop()
    await mock.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function startForwarder(root: string, target: string): Promise<StartedServer> {
  const port = await freePort()
  return startServer({
    name: 'forward-ceiling',
    command: process.execPath,
    args: [join(root, 'dist', 'bench', 'workers', 'forward-ceiling.js')],
    env: { BENCH_PORT: String(port), BENCH_TARGET: target },
    cwd: root,
    port,
    probePath: LIST_PATH,
    probeHeaders: APP_HEADERS,
    timeoutMs: 15_000,
  })
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length
const fmtRps = (value: number | null): string => (value === null ? 'n/a' : Math.round(value).toLocaleString('en-US'))

/**
 * The HAR writer puts each entry on a line of its own (`{...}` after a newline): counted in chunks, since a full
 * run records far more than a JavaScript string can hold (parsing the whole file failed past 512 MB).
 */
function countEntries(file: string): number {
  const fd = openSync(file, 'r')
  const chunk = Buffer.alloc(1 << 24)
  let count = 0
  let previous = 0
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      for (let i = 0; i < read; i++) {
        if (chunk[i] === 0x7b && previous === 0x0a) count++
        previous = chunk[i]
      }
    }
  } finally {
    closeSync(fd)
  }
  return count
}
