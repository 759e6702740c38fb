// Voucher generation: `<campaigns> <codes per campaign>`. Runs with --expose-gc in a fresh process so
// the memory added is measured from a clean, collected heap. Prints one JSON line (GenerationFigures).
import { createMockServer } from '../../mock/adapters/node-server.js'
import { APP_HEADERS } from '../lib/calls.js'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')
const [campaigns, perCampaign] = process.argv.slice(2).map(Number)
const log = (message: string): void => void process.stderr.write(`[worker] ${message}\n`)

const server = await createMockServer({ logLevel: 'silent', maxVouchersCount: Math.max(1_000_000, perCampaign) })
const headers = { ...APP_HEADERS, 'content-type': 'application/json' }
const project = server.deps.projects.get(server.credentials.projectId)!

// A small job first, so the code paths are compiled as in a mock that has served requests before.
await generate(['bench-warmup'], 1_000)

const collect = (): NodeJS.MemoryUsage => {
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage()
}
const before = collect()
const started = performance.now()
const names = Array.from({ length: campaigns }, (_, i) => `bench-gen-${i}`)
const ids = await generate(names, perCampaign)
const wallMs = performance.now() - started
const after = collect()
const mb = (bytes: number) => bytes / 2 ** 20
const check = await verify(ids, campaigns * perCampaign)

log(`${campaigns} x ${perCampaign} codes: ${Math.round(wallMs)} ms`)
await server.close()
process.stdout.write(
  JSON.stringify({
    campaigns,
    codesPerCampaign: perCampaign,
    wallMs,
    // Codes may live in Buffers (external memory) as well as on the JS heap: both count.
    addedHeapMb: mb(after.heapUsed + after.external - before.heapUsed - before.external),
    addedRssMb: mb(after.rss - before.rss),
    check,
  }) + '\n',
)
process.exit(0)

/** Create through the API, finish the jobs on the clock, then read each campaign so its codes exist. */
async function generate(campaignNames: string[], count: number): Promise<string[]> {
  const ids: string[] = []
  for (const name of campaignNames) {
    const body = {
      name,
      campaign_type: 'DISCOUNT_COUPONS',
      type: 'STATIC',
      vouchers_count: count,
      voucher: {
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'PERCENT', percent_off: 10 },
        redemption: { quantity: 1 },
        code_config: { pattern: 'PK-########' },
      },
    }
    const res = await call('POST', '/v1/campaigns', body)
    ids.push((res.body as { id: string }).id)
  }
  server.finishJobs()
  for (const id of ids) {
    // Codes are materialised lazily on first need; force it here so the timed work is the real work.
    project.vouchers.ensureGenerated(id)
    const campaign = (await call('GET', `/v1/campaigns/${id}`)).body as { vouchers_count: number }
    if (campaign.vouchers_count !== count) throw new Error(`campaign ${id} has ${campaign.vouchers_count} vouchers, expected ${count}`)
  }
  return ids
}

/** The codes really exist: the project's code index holds them all, and one is readable by its code. */
async function verify(ids: string[], expected: number): Promise<string> {
  if (project.vouchers.codeCount < expected) throw new Error(`the code index holds ${project.vouchers.codeCount} codes, expected ${expected}`)
  const list = (await call('GET', `/v1/vouchers?campaign_id=${ids[ids.length - 1]}&limit=1`)).body as { vouchers: { code: string }[] }
  const code = list.vouchers[0]?.code
  if (!code) throw new Error('listVouchers returned no voucher')
  await call('GET', `/v1/vouchers/${encodeURIComponent(code)}`)
  return `${project.vouchers.codeCount} codes indexed; getVoucher(${code}) answers`
}

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}
