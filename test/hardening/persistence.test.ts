import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, expectContract, loadContractValidator } from '../../mock/testing/index.js'
import { applyState, captureState, checkDocument, STATE_VERSION, type StateDocument } from '../../mock/persistence/state-snapshot.js'
import { APP, call, started, stop } from './cli-calls.js'
import { ensureBuilt, startCli } from './cli-process.js'

let dir: string

const promotion = (name: string) => ({ name, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'T', action: { discount: { type: 'PERCENT', percent_off: 5 } } }] } })

beforeAll(async () => {
  ensureBuilt()
  await loadContractValidator()
  dir = mkdtempSync(join(tmpdir(), 'promokit-state-'))
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('state snapshots (in-process)', () => {
  it('restores every store, the tokens and the clock into a fresh mock', async () => {
    const a = await createTestApp()
    await a.request.post('/v1/campaigns').set(a.headers.app).send(promotion('Kept'))
    await a.request.post('/v1/categories').set(a.headers.app).send({ name: 'Kept category', hierarchy: 2 })
    await a.request.post('/v1/redemptions').set(a.headers.app).send({ redeemables: [{ object: 'voucher', id: 'GIFT-0001', gift: { credits: 100 } }], order: { amount: 1000 } })
    await a.request.post('/v1/validations').set(a.headers.app).send({ redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 1000 }, session: { type: 'LOCK' } })
    a.clock.advance(5_000)
    const doc = JSON.parse(JSON.stringify(captureState(a.deps))) as StateDocument
    expect(doc.projects.proj_demo0001.sessions).toMatchObject({ sessions: [{ view: { type: 'LOCK' }, holds: [{ voucherId: 'v_demo0001', uses: 1 }] }] })
    const b = await createTestApp()
    applyState(b.deps, doc)
    expect(b.clock.now()).toBe(a.clock.now())
    expect(JSON.parse(JSON.stringify(captureState(b.deps)))).toEqual(doc)
    const gift = await b.request.get('/v1/vouchers/GIFT-0001').set(b.headers.app)
    expect(gift.body.gift.balance).toBe(10_000 - 100)
  })

  it('names what is wrong with an unusable document', () => {
    const ids = ['proj_demo0001', 'proj_demo0002']
    expect(checkDocument([], ids)).toContain('not a JSON object')
    expect(checkDocument({ format: 'x' }, ids)).toContain('not a promokit state file')
    expect(checkDocument({ format: 'promokit-state', version: STATE_VERSION + 1 }, ids)).toContain(`this promokit reads version ${STATE_VERSION}`)
    // a file of the format before session locks were saved (version 2) is refused, not read without its locks
    expect(STATE_VERSION).toBe(3)
    expect(checkDocument({ format: 'promokit-state', version: 2 }, ids)).toContain('was written in state format version 2; this promokit reads version 3')
    expect(checkDocument({ format: 'promokit-state', version: STATE_VERSION, clock: { now: 1 }, generation_rate: 1, projects: { proj_x: {} } }, ids)).toContain('proj_x')
    expect(checkDocument({ format: 'promokit-state', version: STATE_VERSION, clock: { now: 1 }, generation_rate: 1, projects: { proj_demo0001: {} } }, ids)).toContain('lacks the categories')
  })
})

/** A state document whose header is fine but one store's data is not. */
async function brokenStore(store: string, data: unknown): Promise<string> {
  const t = await createTestApp()
  const doc = captureState(t.deps)
  doc.projects.proj_demo0001[store] = data
  return JSON.stringify(doc)
}

describe('--state-file (the real CLI)', () => {
  it('refuses to start on a corrupt or incompatible state file (exit 2, naming the file and the problem) and leaves it as it was', async () => {
    const cases = [
      ['garbage.json', '{"format": "promokit-state", "version": 1, "projects": {', 'is not valid JSON'],
      ['empty.json', '', 'is empty'],
      ['future.json', JSON.stringify({ format: 'promokit-state', version: 99, clock: { now: 0 }, projects: {} }), 'state format version 99'],
      ['broken-store.json', await brokenStore('campaigns', 'oops'), 'cannot be restored: project proj_demo0001, campaigns'],
      ['broken-lock.json', await brokenStore('sessions', { sessions: [{ view: { key: 'ssn_1', type: 'LOCK', ttl: 1, ttl_unit: 'WEEKS' }, expiresAt: 0, holds: [] }] }),
        'cannot be restored: project proj_demo0001, sessions: sessions[0].view.ttl_unit: expected one of'],
    ] as const
    const results = await Promise.all(cases.map(([name, text]) => {
      writeFileSync(join(dir, name), text)
      return startCli(['--state-file', join(dir, name)])
    }))
    for (const [i, result] of results.entries()) {
      const [name, text, problem] = cases[i]
      expect(result.ok, name).toBe(false)
      if (result.ok) continue
      expect(result.code, result.stderr).toBe(2)
      expect(result.stderr).toContain(join(dir, name))
      expect(result.stderr).toContain(problem)
      expect(readFileSync(join(dir, name), 'utf8')).toBe(text)
    }
  }, 60_000)

  it('keeps everything acknowledged across a clean stop; generation and exports resume from the saved clock', async () => {
    const file = join(dir, 'clean.json')
    const first = await started(['--state-file', file, '--generation-rate', '100', '--max-vouchers-count', '5000'])
    const generating = await call(first, 'POST', '/v1/campaigns', { name: 'Slow coupons', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 3000, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 }, code_config: { pattern: 'SLOW-######' } } })
    expect(generating.status).toBe(200)
    const tooMany = await call(first, 'POST', '/v1/campaigns', { name: 'Too many', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 5001, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 }, code_config: { pattern: 'TM-######' } } })
    expect(tooMany.status).toBe(400)
    const promo = await call(first, 'POST', '/v1/campaigns', promotion('Persisted promotion'))
    const redemption = await call(first, 'POST', '/v1/redemptions', { redeemables: [{ object: 'voucher', id: 'GIFT-0001', gift: { credits: 250 } }], order: { amount: 1000 } })
    expect(redemption.status).toBe(200)
    const exported = await call(first, 'POST', '/v1/campaigns/camp_demo0002/transactions/export', {})
    expect(exported.body.status).toBe('SCHEDULED')
    const token = await fetch(`${first.url}/v1/oauth/token`, { method: 'POST', headers: { ...APP, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&scope=api+campaigns' })
    const bearer = ((await token.json()) as { access_token: string }).access_token
    const savedAt = (await call(first, 'GET', '/_mock/clock')).body.epoch_ms as number
    expect(await stop(first)).toMatchObject({ code: 0 })

    const second = await started(['--state-file', file, '--generation-rate', '100'])
    try {
      expect(second.stdout()).toContain('state restored')
      expect((await call(second, 'GET', '/_mock/clock')).body.epoch_ms).toBeGreaterThanOrEqual(savedAt)
      const listed = await call(second, 'GET', '/v1/campaigns?limit=100')
      expectContract(listed, 'listCampaigns')
      expect(listed.body.campaigns.find((c: { id: string }) => c.id === generating.body.id)?.vouchers_generation_status).toBe('IN_PROGRESS')
      const waiting = await call(second, 'GET', `/v1/campaigns/${generating.body.id}`)
      expect(waiting.status).toBe(404)
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0)
      expect((await call(second, 'GET', `/v1/campaigns/${promo.body.id}`)).status).toBe(200)
      expect((await call(second, 'GET', `/v1/redemptions/${redemption.body.redemptions[0].id}`)).status).toBe(200)
      expect((await call(second, 'GET', '/v1/vouchers/GIFT-0001')).body.gift.balance).toBe(10_000 - 250)
      expect((await call(second, 'GET', '/v1/campaigns', undefined, { Authorization: `Bearer ${bearer}` })).status).toBe(200)
      // the jobs pending at the stop go on from the restored clock
      await call(second, 'POST', '/_mock/jobs/finish')
      const done = await call(second, 'GET', `/v1/campaigns/${generating.body.id}`)
      expect(done.body).toMatchObject({ vouchers_generation_status: 'DONE', vouchers_count: 3000 })
      const ex = await call(second, 'GET', `/v1/exports/${exported.body.id}`)
      expect(ex.body.status).toBe('DONE')
      const csv = await fetch(ex.body.result.url)
      expect(csv.status).toBe(200)
      const rows = (await csv.text()).split('\n').filter(Boolean)
      expect(rows[0]).toMatch(/^id,/)
      // the redemption made before the stop is among the exported transactions
      expect(rows.some((r) => r.includes('-250'))).toBe(true)
    } finally {
      expect(await stop(second)).toMatchObject({ code: 0 })
    }
  }, 60_000)

  it('finishes an in-flight request before stopping, saves it, and exits 0', async () => {
    const file = join(dir, 'graceful.json')
    const cli = await started(['--state-file', file, '--latency', '800'])
    const inFlight = call(cli, 'POST', '/v1/campaigns', promotion('In flight at the stop'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    cli.proc.kill('SIGTERM')
    const [answer, exit] = await Promise.all([inFlight, cli.exited])
    expect(answer.status).toBe(200)
    expect(exit.code).toBe(0)
    const saved = JSON.parse(readFileSync(file, 'utf8')) as StateDocument
    expect(JSON.stringify(saved.projects.proj_demo0001.campaigns)).toContain('In flight at the stop')
  }, 60_000)
})
