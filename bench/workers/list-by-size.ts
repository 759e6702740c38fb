// List latency as state grows. Campaigns are added straight into the project's store (100,000 through
// HTTP would take minutes and measure create, not list); every list request goes through HTTP and the
// whole pipeline (auth, validation, handler, response) as a user's would.
import { Agent, request } from 'node:http'
import type { CampaignInput } from '../../mock/resources/campaigns/campaign-types.js'
import { createMockServer } from '../../mock/adapters/node-server.js'
import { APP_HEADERS, promotionBody } from '../lib/calls.js'

const [sizesArg = '1000,10000,100000', samplesArg = '500', mix = 'promotions'] = process.argv.slice(2)
const sizes = sizesArg.split(',').map(Number)
const samples = Number(samplesArg)
const LIMIT = 10
const DEEP_PAGE = 90

const server = await createMockServer({ logLevel: 'silent' })
const project = server.deps.projects.get(server.credentials.projects[0].projectId)
if (!project) throw new Error('the default project is missing')
// A fresh keep-alive agent per measurement: seeding can outlast the server's keep-alive timeout.
let agent = new Agent({ keepAlive: true, maxSockets: 1 })
const log = (message: string): void => void process.stderr.write(`[worker] ${message}\n`)

const out = []
let warmed = false
let stored = project.campaigns.list({ limit: 1 }).total
for (const size of sizes) {
  const started = performance.now()
  for (; stored < size; stored++) project.campaigns.create(bodyFor(stored) as CampaignInput)
  const seedMs = performance.now() - started
  agent.destroy()
  agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const listed = JSON.parse((await get(`/v1/campaigns?limit=1`)).body) as { total: number }
  if (listed.total < size) throw new Error(`expected ${size} campaigns, the list says ${listed.total}`)
  // The spec caps `page` at 100, so the deepest comparable page at every size is page 90 (the last
  // tenth of 1,000 campaigns): a store that sorts, copies or filters everything per request shows here.
  const deepPage = DEEP_PAGE
  const page1 = await latency(`/v1/campaigns?limit=${LIMIT}`)
  const deep = await latency(`/v1/campaigns?limit=${LIMIT}&page=${deepPage}`)
  log(`${size} campaigns (seeded in ${Math.round(seedMs)} ms): page 1 p50 ${page1.p50Ms.toFixed(3)} ms, page ${deepPage} p50 ${deep.p50Ms.toFixed(3)} ms`)
  out.push({ size, seedMs, page1, deep: { page: deepPage, ...deep } })
}

await server.close()
agent.destroy()
process.stdout.write(JSON.stringify({ sizes: out }) + '\n')
process.exit(0)

/**
 * `promotions`: campaigns that are DONE at once. `generating`: every other one a voucher campaign of 5
 * codes; the manual clock never moves, so they stay IN_PROGRESS, as in a test suite that lists
 * campaigns without finishing their jobs. Per-request work over pending jobs shows up here.
 */
function bodyFor(n: number): Record<string, unknown> {
  if (mix !== 'generating' || n % 2 === 0) return promotionBody(`bench-size-${n}`)
  return {
    name: `bench-size-${n}`,
    campaign_type: 'DISCOUNT_COUPONS',
    vouchers_count: 5,
    voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, code_config: { pattern: 'BS-##########' } },
  }
}

async function latency(path: string): Promise<{ p50Ms: number; p99Ms: number }> {
  agent.destroy()
  agent = new Agent({ keepAlive: true, maxSockets: 1 })
  // The first size must not pay for JIT compilation the later ones get for free.
  const warmup = warmed ? 50 : 500
  warmed = true
  for (let i = 0; i < warmup; i++) expect200(await get(path), path)
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now()
    const res = await get(path)
    times.push(performance.now() - t0)
    expect200(res, path)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 1000) / 1000
  return { p50Ms: at(0.5), p99Ms: at(0.99) }
}

function expect200(res: { status: number; body: string }, path: string): void {
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.body.slice(0, 300)}`)
}

function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(server.url + path, { agent, headers: APP_HEADERS }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}
