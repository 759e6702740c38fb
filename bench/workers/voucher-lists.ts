// Ordered and filtered voucher lists over big campaigns: `<campaigns> <codes per campaign>`. For each
// query, the wall time of the answer and the longest a second client's small requests waited meanwhile
// (the event loop is single: a slow list blocks everyone). Run with --expose-gc; prints one JSON line.
// Q='query query ...' runs those queries instead of the usual ones.
//   npm run build && node --expose-gc dist/bench/workers/voucher-lists.js 10 100000
import { Worker } from 'node:worker_threads'
import { createMockServer } from '../../mock/adapters/node-server.js'
import { APP_HEADERS } from '../lib/calls.js'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')
const [campaigns = 10, perCampaign = 100_000] = process.argv.slice(2).map(Number)
const log = (message: string): void => void process.stderr.write(`[voucher-lists] ${message}\n`)

const server = await createMockServer({ logLevel: 'silent', clock: 'manual', maxVouchersCount: Math.max(1_000_000, perCampaign) })
const headers = { ...APP_HEADERS, 'content-type': 'application/json' }

const ids: string[] = []
for (let i = 0; i < campaigns; i++) {
  const body = {
    name: `bench-list-${i}`,
    campaign_type: 'DISCOUNT_COUPONS',
    type: 'STATIC',
    vouchers_count: perCampaign,
    voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, code_config: { pattern: 'PK-########' } },
  }
  ids.push(((await call('POST', '/v1/campaigns', body)).body as { id: string }).id)
}
server.finishJobs()

// The second client runs on its own thread (its own event loop, as another process would): it keeps asking
// for something small while the list runs, and reports its longest wait, timed from when it meant to ask.
const pinger = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads')
  let running = false
  const ask = () => fetch(workerData.url, { headers: workerData.headers }).then((res) => res.text())
  parentPort.on('message', async (message) => {
    if (message === 'stop') return void (running = false)
    running = true
    let worst = 0
    while (running) {
      const meant = performance.now() + 2
      await new Promise((resolve) => setTimeout(resolve, 2))
      // a block past the server's 5 s keep-alive closes the idle pooled socket: asked again
      await ask().catch(ask)
      worst = Math.max(worst, performance.now() - meant)
    }
    parentPort.postMessage(Math.round(worst))
  })`,
  { eval: true, workerData: { url: `${server.url}/v1/campaigns?limit=1`, headers } },
)

const QUERIES = process.env.Q ? process.env.Q.split(' ') : [
  'limit=1&order=code',
  'limit=1&order=code',
  'limit=10&order=-code&page=50',
  'limit=10&order=campaign',
  'limit=10&order=-updated_at',
  'limit=10&order=type&page=20',
  `limit=10&campaign_id=${ids[0]}&order=code`,
  'limit=10&filters[code][conditions][$starts_with]=PK-AB',
  'limit=10&filters[active][conditions][$is]=FALSE',
  'limit=10&filters[voucher_type][conditions][$in][]=GIFT_VOUCHER',
  'limit=10&created_at[before]=2020-01-01T00:00:00Z',
  'limit=10&filters[code][conditions][$ends_with]=Z9',
  'limit=10&order=code&filters[code][conditions][$contains]=AB&page=3',
  'limit=10&order=-created_at&page=100',
]

const rows: { query: string; ms: number; waitedMs: number; total: number; addedHeapMb: number }[] = []
for (const query of QUERIES) {
  for (let i = 0; i < 3; i++) gc()
  const before = process.memoryUsage()
  const started = performance.now()
  pinger.postMessage('start')
  const list = await call('GET', `/v1/vouchers?${query}`)
  const ms = performance.now() - started
  const waitedMs = await new Promise<number>((resolve) => {
    pinger.once('message', resolve)
    pinger.postMessage('stop')
  })
  const after = process.memoryUsage()
  const total = (list.body as { total: number }).total
  const row = { query, ms: Math.round(ms), waitedMs: Math.round(waitedMs), total, addedHeapMb: Math.round((after.heapUsed + after.external - before.heapUsed - before.external) / 2 ** 20) }
  rows.push(row)
  log(`${String(row.ms).padStart(6)} ms (other client waited at most ${String(row.waitedMs).padStart(6)} ms) total ${total}  ${query}`)
}
const rss = Math.round(process.memoryUsage().rss / 2 ** 20)
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024)
log(`RSS at the end ${rss} MB, peak ${peakRssMb} MB`)
await pinger.terminate()
await server.close()
process.stdout.write(JSON.stringify({ campaigns, codesPerCampaign: perCampaign, rssMb: rss, peakRssMb, rows }) + '\n')
process.exit(0)

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}
