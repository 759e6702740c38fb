/**
 * One-off measurement: time and memory to generate 1,000,000 codes through VoucherStore.
 * Run (compiled, since the repo has no TS runner):
 *   npx tsc --outDir /tmp/pk --rootDir . --module nodenext --moduleResolution nodenext --target es2022 \
 *     --skipLibCheck --types node mock/vouchers/measure-generation.ts
 *   node --expose-gc /tmp/pk/mock/vouchers/measure-generation.js [count]
 */
import { ManualClock } from '../../src/clock.js'
import { normaliseCodeConfig } from './code-generator.js'
import { VoucherStore } from './voucher-store.js'

const count = Number(process.argv[2] ?? 1_000_000)
const clock = new ManualClock()
const store = new VoucherStore({ clock, config: { seed: 42 } })
const campaign = {
  id: 'camp_measure',
  name: 'Measure',
  active: true,
  category: null,
  createdAt: clock.now(),
  readyAt: clock.now() + count,
  vouchersCount: count,
  voucher: {
    type: 'DISCOUNT_VOUCHER' as const,
    discount: { type: 'PERCENT' as const, percent_off: 10 },
    redemption: { quantity: 1 },
    code_config: normaliseCodeConfig({ pattern: 'PROMO-########' }),
    is_referral_code: false,
  },
}
globalThis.gc?.()
const before = process.memoryUsage()
store.register(campaign)
clock.advance(count)
const started = performance.now()
const cpu = process.cpuUsage()
store.ensureGenerated(campaign.id)
const ms = performance.now() - started
const cpuMs = process.cpuUsage(cpu).user / 1000
globalThis.gc?.()
const after = process.memoryUsage()
const mb = (n: number): string => (n / 1024 / 1024).toFixed(1)
console.log(`codes: ${store.codeCount}`)
console.log(`generation: ${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU (user)`)
console.log(`added memory: heap ${mb(after.heapUsed - before.heapUsed)} MB, array buffers ${mb(after.arrayBuffers - before.arrayBuffers)} MB, rss ${mb(after.rss - before.rss)} MB`)
console.log(`sample: ${store.list({ campaignIds: [campaign.id], limit: 3 }).vouchers.map((v) => v.code).join(', ')}`)
