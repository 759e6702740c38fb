import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, expectContract, loadContractValidator } from '../../mock/testing/index.js'
import { sharedSpec } from '../../mock/testing/shared-spec.js'
import { createMockDeps } from '../../mock/adapters/node-deps.js'
import { journalLine } from '../../mock/engine/persistence/journal-file.js'
import { journalPath, journalSources, openPersistence } from '../../mock/engine/persistence/persistence.js'
import { StateFileError } from '../../mock/engine/persistence/state-file.js'
import { applyState, captureState, checkDocument, STATE_VERSION, type StateDocument } from '../../mock/engine/persistence/state-snapshot.js'
import { APP, call, started, stop } from './cli-calls.js'
import { ensureBuilt, startCli, type RunningCli } from './cli-process.js'

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

  it('names what is wrong with an unusable document', async () => {
    const ids = ['proj_demo0001', 'proj_demo0002']
    const reference = captureState((await createTestApp()).deps)
    expect(checkDocument([], ids, reference)).toContain('not a JSON object')
    expect(checkDocument({ format: 'x' }, ids, reference)).toContain('not a promokit state file')
    expect(checkDocument({ format: 'promokit-state', version: STATE_VERSION + 1 }, ids, reference)).toContain(`this promokit reads version ${STATE_VERSION}`)
    // a file of the format before the journal and sandboxes were saved (version 3) is refused, not read without them
    expect(STATE_VERSION).toBe(4)
    expect(checkDocument({ format: 'promokit-state', version: 3 }, ids, reference)).toContain('was written in state format version 3; this promokit reads version 4')
    const valid = JSON.parse(JSON.stringify(reference)) as StateDocument
    expect(checkDocument(valid, ids, reference)).toBeUndefined()
    expect(checkDocument({ ...valid, projects: { ...valid.projects, proj_x: {} } }, ids, reference)).toContain('proj_x')
    expect(checkDocument({ ...valid, projects: { proj_demo0001: {} } }, ids, reference)).toContain('lacks the categories')
  })
})

/** A mock built as the CLI builds one with --state-file (wall clock, journaled ids), in process. */
const journaledDeps = async () => createMockDeps({ clock: 'system', logLevel: 'silent' }, { spec: await sharedSpec(), ...journalSources() })

/** A valid state document of a fresh mock, to break one part of. */
async function validDoc(): Promise<StateDocument> {
  return JSON.parse(JSON.stringify(captureState(await journaledDeps()))) as StateDocument
}

function broken(doc: StateDocument, change: (d: Record<string, any>) => void): string {
  const copy = JSON.parse(JSON.stringify(doc)) as Record<string, any>
  change(copy)
  return JSON.stringify(copy)
}

describe('loading a state file refuses every wrong shape, naming the part and field, and leaves the file untouched', () => {
  it('refuses the corrupt-file matrix', async () => {
    const doc = await validDoc()
    const text = JSON.stringify(doc)
    const flipAt = text.indexOf('"campaigns"') + 3
    const cases: Array<[name: string, content: string | Buffer, problem: string | RegExp]> = [
      ['truncated', text.slice(0, text.length / 2), 'is not valid JSON'],
      ['bit-flipped', text.slice(0, flipAt) + String.fromCharCode(text.charCodeAt(flipAt) ^ 0x40) + text.slice(flipAt + 1), /is not valid JSON|lacks the campaigns|not a usable state file/],
      ['empty', '', 'is empty'],
      ['bom', `\uFEFF${text}`, 'is not valid JSON'],
      ['nul', Buffer.alloc(64), 'is not valid JSON'],
      ['future-version', broken(doc, (d) => (d.version = 99)), 'state format version 99'],
      ['proto', broken(doc, (d) => (d.projects = JSON.parse(`{"__proto__": ${JSON.stringify(d.projects.proj_demo0001)}}`))), '__proto__'],
      ['clock-now-huge', broken(doc, (d) => (d.clock.now = 1e308)), 'clock.now: expected a time in epoch ms'],
      ['clock-offset-text', broken(doc, (d) => (d.clock.offset = 'x')), 'clock.offset: expected a time in epoch ms'],
      ['campaigns-items', broken(doc, (d) => (d.projects.proj_demo0001.campaigns = [{}])), 'projects.proj_demo0001.campaigns: expected an object, got an array'],
      ['campaign-empty', broken(doc, (d) => (d.projects.proj_demo0001.campaigns.campaigns = [{}])), /cannot be restored: project proj_demo0001, campaigns|cannot answer with: project proj_demo0001: GET \/v1\/campaigns/],
      ['campaign-no-name', broken(doc, (d) => delete d.projects.proj_demo0001.campaigns.campaigns[0].name), /GET \/v1\/campaigns\?limit=100&page=1 answers/],
      ['categories-text', broken(doc, (d) => (d.projects.proj_demo0001.categories = 'x')), 'projects.proj_demo0001.categories: expected an array, got "x"'],
      ['rate', broken(doc, (d) => (d.generation_rate = -1)), 'generation_rate: expected a positive number'],
      ['tokens', broken(doc, (d) => (d.tokens = [{ accessToken: 'a' }])), 'tokens[0].projectId: missing'],
      ['sandbox-keys', broken(doc, (d) => (d.sandboxes.sandboxes = [{ id: 'sbx_1', project_id: 'proj_sbx_1', created_at: 'x', keys: {} }])), 'sandboxes.sandboxes[0].keys.app_id: missing'],
      ['sandbox-data', broken(doc, (d) => (d.sandboxes.sandboxes = [{ id: 'sbx_1', project_id: 'proj_sbx_1', created_at: 'x', keys: Object.fromEntries(['app_id', 'app_token', 'client_id', 'client_token', 'management_id', 'management_token'].map((k) => [k, `k-${k}`])) }])), 'projects.proj_sbx_1: missing'],
      ['lock', broken(doc, (d) => (d.projects.proj_demo0001.sessions = { sessions: [{ view: { key: 'ssn_1', type: 'LOCK', ttl: 1, ttl_unit: 'WEEKS' }, expiresAt: 0, holds: [] }] })), 'sessions[0].view.ttl_unit: expected one of'],
    ]
    for (const [name, content, problem] of cases) {
      const file = join(dir, `matrix-${name}.json`)
      writeFileSync(file, content)
      const error = await openPersistence(file, await journaledDeps()).then(() => undefined, (e: unknown) => e)
      expect(error, name).toBeInstanceOf(StateFileError)
      expect((error as Error).message, name).toContain(file)
      expect((error as Error).message, name).toMatch(problem)
      expect(readFileSync(file).equals(Buffer.from(content)), `${name}: the file is untouched`).toBe(true)
      expect(readdirSync(dir).filter((n) => n.startsWith(`matrix-${name}.json.`)), `${name}: no journal was started`).toEqual([])
    }
  }, 60_000)

  it('refuses a journal whose state file is gone, and a damaged journal record', async () => {
    const orphan = join(dir, 'orphan.json')
    writeFileSync(journalPath(orphan, 0), journalLine({ format: 'promokit-journal', generation: 0 }))
    await expect(openPersistence(orphan, await journaledDeps())).rejects.toThrow(/does not exist, but its journal .*orphan.json.journal.0 does/)
    const damaged = join(dir, 'damaged.json')
    writeFileSync(damaged, JSON.stringify(await validDoc()))
    const record = journalLine({ k: 'ctl', t: 1, method: 'PUT', path: '/generation-rate', query: {}, body: { rate: 5 }, o: 0, d: { ids: [], bytes: [] } })
    writeFileSync(journalPath(damaged, 0), journalLine({ format: 'promokit-journal', generation: 0 }) + record.replace('"rate":5', '"rate":6') + record)
    await expect(openPersistence(damaged, await journaledDeps())).rejects.toThrow(/record 1 .* is damaged/)
  })
})

describe('--state-file (the real CLI)', () => {
  it('refuses to start on a corrupt state file (exit 2, naming the file and the problem) and leaves it as it was', async () => {
    const doc = await validDoc()
    const cases = [
      ['garbage.json', '{"format": "promokit-state", "version": 1, "projects": {', 'is not valid JSON'],
      ['clock.json', broken(doc, (d) => (d.clock.now = 1e308)), 'clock.now: expected a time in epoch ms'],
      ['categories.json', broken(doc, (d) => (d.projects.proj_demo0001.categories = 'x')), 'projects.proj_demo0001.categories: expected an array'],
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

  it('a sandbox round trip: its keys, its data and its number survive a stop (fsync always)', async () => {
    const file = join(dir, 'sandbox.json')
    const first = await started(['--state-file', file, '--fsync', 'always'])
    const sandbox = (await call(first, 'POST', '/_mock/sandboxes')).body
    const keys = { 'X-App-Id': sandbox.keys.app_id, 'X-App-Token': sandbox.keys.app_token }
    const campaign = await call(first, 'POST', '/v1/campaigns', promotion('Only in the sandbox'), keys)
    expect(campaign.status).toBe(200)
    const gone = (await call(first, 'POST', '/_mock/sandboxes')).body
    expect((await call(first, 'DELETE', `/_mock/sandboxes/${gone.id}`)).status).toBe(204)
    expect(await stop(first)).toMatchObject({ code: 0 })

    const second = await started(['--state-file', file])
    try {
      expect(second.stdout()).toContain('state restored')
      expect((await call(second, 'GET', '/_mock/sandboxes')).body.sandboxes).toEqual([sandbox])
      expect((await call(second, 'GET', `/v1/campaigns/${campaign.body.id}`, undefined, keys)).body.name).toBe('Only in the sandbox')
      // still isolated: the default project does not see it
      expect((await call(second, 'GET', `/v1/campaigns/${campaign.body.id}`)).status).toBe(404)
      const management = { 'X-Management-Id': sandbox.keys.management_id, 'X-Management-Token': sandbox.keys.management_token }
      expect((await call(second, 'GET', `/management/v1/projects/${sandbox.project_id}/templates/campaigns`, undefined, management)).status).toBe(200)
      const next = (await call(second, 'POST', '/_mock/sandboxes')).body
      expect(next.id.slice(0, 8)).toBe('sbx_0003')
    } finally {
      expect(await stop(second)).toMatchObject({ code: 0 })
    }
  }, 60_000)

  it('a SIGKILL in the middle of voucher generation, an export and an async delete: all resume, with the codes clients already saw', async () => {
    const file = join(dir, 'jobs.json')
    const first = await started(['--state-file', file, '--generation-rate', '100', '--max-vouchers-count', '5000'])
    const generating = await call(first, 'POST', '/v1/campaigns', { name: 'Slow coupons', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 3000, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 }, code_config: { pattern: 'SLOW-###' } } })
    expect(generating.status).toBe(200)
    // a second campaign in the same small code space: which codes each gets depends on which generated first
    const rival = await call(first, 'POST', '/v1/campaigns', { name: 'Rival coupons', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 500, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 }, code_config: { pattern: 'SLOW-###' } } })
    expect(rival.status).toBe(200)
    await call(first, 'POST', '/_mock/clock/advance', { ms: 10_000 })
    const codesOf = async (cli: RunningCli, campaignId: string) => {
      const codes: string[] = []
      for (let page = 1; page <= 5; page++) {
        const res = await call(cli, 'GET', `/v1/vouchers?campaign_id=${campaignId}&limit=100&page=${page}&order=created_at`)
        codes.push(...res.body.vouchers.map((v: { code: string }) => v.code))
      }
      return codes
    }
    // a client reads the rival's codes: they are generated now, before the slow campaign's
    const seenRival = await codesOf(first, rival.body.id)
    expect(seenRival).toHaveLength(500)
    const redemption = await call(first, 'POST', '/v1/redemptions', { redeemables: [{ object: 'voucher', id: 'GIFT-0001', gift: { credits: 250 } }], order: { amount: 1000 } })
    expect(redemption.status).toBe(200)
    const exported = await call(first, 'POST', '/v1/campaigns/camp_demo0002/transactions/export', {})
    expect(exported.body.status).toBe('SCHEDULED')
    const doomed = await call(first, 'POST', '/v1/campaigns', promotion('Deleted in the background'))
    const deletion = await call(first, 'DELETE', `/v1/campaigns/${doomed.body.id}?force=true`)
    expect(deletion.status).toBe(202)
    const token = await fetch(`${first.url}/v1/oauth/token`, { method: 'POST', headers: { ...APP, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&scope=api+campaigns' })
    const bearer = ((await token.json()) as { access_token: string }).access_token
    const savedAt = (await call(first, 'GET', '/_mock/clock')).body.epoch_ms as number
    expect(await stop(first, 'SIGKILL')).toMatchObject({ signal: 'SIGKILL' })

    const second = await started(['--state-file', file, '--generation-rate', '100'])
    try {
      expect(second.stdout()).toMatch(/state restored, \d+ journal records replayed/)
      expect((await call(second, 'GET', '/_mock/clock')).body.epoch_ms).toBeGreaterThanOrEqual(savedAt)
      const listed = await call(second, 'GET', '/v1/campaigns?limit=100')
      expectContract(listed, 'listCampaigns')
      expect(listed.body.campaigns.find((c: { id: string }) => c.id === generating.body.id)?.vouchers_generation_status).toBe('IN_PROGRESS')
      // this time the slow campaign's codes are read first: without the journaled order of generation, the rival would lose codes to it
      expect((await call(second, 'GET', `/v1/vouchers?campaign_id=${generating.body.id}&limit=1`)).status).toBe(200)
      expect(await codesOf(second, rival.body.id)).toEqual(seenRival)
      expect((await call(second, 'GET', '/v1/vouchers/GIFT-0001')).body.gift.balance).toBe(10_000 - 250)
      expect((await call(second, 'GET', '/v1/campaigns', undefined, { Authorization: `Bearer ${bearer}` })).status).toBe(200)
      // the async deletion goes on on the restored clock (on the wall clock it may be done by now)
      expect((await call(second, 'GET', `/v1/async-actions/${deletion.body.async_action_id}`)).status).toBe(200)
      await call(second, 'POST', '/_mock/jobs/finish')
      expect((await call(second, 'GET', `/v1/async-actions/${deletion.body.async_action_id}`)).body.status).toBe('DONE')
      expect((await call(second, 'GET', `/v1/campaigns/${doomed.body.id}`)).status).toBe(404)
      expect((await call(second, 'GET', `/v1/campaigns/${generating.body.id}`)).body).toMatchObject({ vouchers_generation_status: 'DONE', vouchers_count: 3000 })
      const ex = await call(second, 'GET', `/v1/exports/${exported.body.id}`)
      expect(ex.body.status).toBe('DONE')
      const csv = await fetch(ex.body.result.url)
      expect(csv.status).toBe(200)
      const rows = (await csv.text()).split('\n').filter(Boolean)
      expect(rows[0]).toMatch(/^id,/)
      expect(rows.some((r) => r.includes('-250'))).toBe(true)
    } finally {
      expect(await stop(second)).toMatchObject({ code: 0 })
    }
  }, 60_000)

  it('drops a torn last journal record with a warning naming its bytes, and keeps everything before it', async () => {
    const file = join(dir, 'torn.json')
    const first = await started(['--state-file', file])
    const ids: string[] = []
    for (const n of [1, 2, 3]) ids.push((await call(first, 'POST', '/v1/campaigns', promotion(`Torn ${n}`))).body.id)
    await stop(first, 'SIGKILL')
    // the process died inside the write of a fourth record
    const partial = journalLine({ k: 'op', t: Date.now(), op: 'createCampaign', body: { name: 'Never acknowledged' } }).slice(0, 57)
    const journals = readdirSync(dir).filter((n) => n.startsWith('torn.json.journal.'))
    expect(journals).toHaveLength(1)
    appendFileSync(join(dir, journals[0]), partial)
    const second = await started(['--state-file', file])
    try {
      expect(second.stdout()).toContain('3 journal records replayed, a torn last record of 57 bytes dropped')
      for (const id of ids) expect((await call(second, 'GET', `/v1/campaigns/${id}`)).status).toBe(200)
      expect((await call(second, 'POST', '/v1/campaigns', promotion('After the tear'))).status).toBe(200)
    } finally {
      await stop(second, 'SIGKILL')
    }
    // the tear was cut away: the record appended after it replays
    const third = await started(['--state-file', file])
    try {
      expect(third.stdout()).toContain('4 journal records replayed;')
    } finally {
      await stop(third)
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
