import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectContract, loadContractValidator } from '../../mock/testing/index.js'
import { call, started, stop } from './cli-calls.js'
import { ensureBuilt } from './cli-process.js'

// Its own file (split from persistence.test.ts): 21 mock processes one after another, the slowest test of the
// suite, now runs beside the other files instead of after the rest of persistence.test.ts.
let dir: string

const promotion = (name: string) => ({ name, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'T', action: { discount: { type: 'PERCENT', percent_off: 5 } } }] } })

beforeAll(async () => {
  ensureBuilt()
  await loadContractValidator()
  dir = mkdtempSync(join(tmpdir(), 'promokit-state-kills-'))
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('--state-file under SIGKILL', () => {
  it('survives 20 SIGKILLs at random moments under load: the file always loads, and what was acknowledged before a clean stop is kept', async () => {
    const file = join(dir, 'killed.json')
    const moments = fc.sample(fc.integer({ min: 0, max: 400 }), { seed: 20260115, numRuns: 20 })
    const kept = new Set<string>()
    let names = 0
    for (const [round, moment] of moments.entries()) {
      const cli = await started(['--state-file', file])
      for (const id of kept) expect((await call(cli, 'GET', `/v1/campaigns/${id}`)).status, `round ${round}: ${id}`).toBe(200)
      const acknowledged: string[] = []
      let running = true
      const load = Array.from({ length: 4 }, async () => {
        while (running) {
          const res = await call(cli, 'POST', '/v1/campaigns', promotion(`Round ${round} #${names++}`)).catch(() => undefined)
          if (!res) return
          if (res.status === 200) acknowledged.push(res.body.id)
          await call(cli, 'POST', '/v1/redemptions', { redeemables: [{ object: 'voucher', id: 'GIFT-0002', gift: { credits: 1 } }], order: { amount: 100 } }).catch(() => undefined)
        }
      })
      await new Promise((resolve) => setTimeout(resolve, moment))
      const clean = round % 5 === 4
      const exit = await stop(cli, clean ? 'SIGTERM' : 'SIGKILL')
      running = false
      await Promise.all(load)
      if (clean) {
        expect(exit.code).toBe(0)
        for (const id of acknowledged) kept.add(id)
      }
      if (existsSync(file)) expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow()
      expect(readdirSync(dir).filter((n) => n.startsWith('.killed.json.')).length).toBeLessThanOrEqual(1)
    }
    expect(kept.size).toBeGreaterThan(0)
    const last = await started(['--state-file', file])
    try {
      for (const id of kept) expect((await call(last, 'GET', `/v1/campaigns/${id}`)).status).toBe(200)
      expectContract(await call(last, 'GET', '/v1/campaigns?limit=100'), 'listCampaigns')
    } finally {
      await stop(last)
    }
  }, 180_000)
})
