import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectContract, loadContractValidator } from '../../mock/testing/index.js'
import { APP, call, started, stop } from './cli-calls.js'
import { ensureBuilt } from './cli-process.js'

// Its own file (split from persistence.test.ts): mock processes one after another, among the slowest tests of
// the suite, run beside the other files.
let dir: string

const promotion = (name: string) => ({ name, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'T', action: { discount: { type: 'PERCENT', percent_off: 5 } } }] } })

beforeAll(async () => {
  ensureBuilt()
  await loadContractValidator()
  dir = mkdtempSync(join(tmpdir(), 'promokit-state-kills-'))
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('--state-file under SIGKILL', () => {
  it('loses nothing acknowledged to SIGKILLs at random moments under four writers (campaigns, categories, a sandbox)', async () => {
    const file = join(dir, 'killed.json')
    const moments = fc.sample(fc.integer({ min: 30, max: 400 }), { seed: 20261126, numRuns: 5 })
    const acknowledged: Array<{ path: string; headers: Record<string, string> }> = []
    let sandboxKeys: Record<string, string> | undefined
    let names = 0
    for (const [round, moment] of moments.entries()) {
      const cli = await started(['--state-file', file])
      for (const { path, headers } of acknowledged) expect((await call(cli, 'GET', path, undefined, headers)).status, `round ${round}: ${path}`).toBe(200)
      if (!sandboxKeys) {
        const created = (await call(cli, 'POST', '/_mock/sandboxes')).body
        sandboxKeys = { 'X-App-Id': created.keys.app_id, 'X-App-Token': created.keys.app_token }
      }
      const sandbox = sandboxKeys
      const writers: Array<[string, (n: number) => unknown, Record<string, string>]> = [
        ['/v1/campaigns', (n) => promotion(`Killed ${n}`), APP],
        ['/v1/campaigns', (n) => promotion(`Killed too ${n}`), APP],
        ['/v1/categories', (n) => ({ name: `Category ${n}`, hierarchy: 1 }), APP],
        ['/v1/campaigns', (n) => promotion(`Sandboxed ${n}`), sandbox],
      ]
      let running = true
      const load = writers.map(async ([path, body, headers]) => {
        while (running) {
          const res = await call(cli, 'POST', path, body(names++), headers).catch(() => undefined)
          if (!res) return
          if (res.status === 200) acknowledged.push({ path: `${path}/${res.body.id}`, headers })
        }
      })
      await new Promise((resolve) => setTimeout(resolve, moment))
      expect(await stop(cli, 'SIGKILL')).toMatchObject({ signal: 'SIGKILL' })
      running = false
      await Promise.all(load)
    }
    expect(acknowledged.length).toBeGreaterThan(20)
    const last = await started(['--state-file', file])
    try {
      for (const { path, headers } of acknowledged) expect((await call(last, 'GET', path, undefined, headers)).status, path).toBe(200)
      expectContract(await call(last, 'GET', '/v1/campaigns?limit=100'), 'listCampaigns')
    } finally {
      await stop(last)
    }
  }, 120_000)
})
