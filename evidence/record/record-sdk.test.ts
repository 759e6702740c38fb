import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { VoucherifyServerSide } from '@voucherify/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeServer, createMockServer, listen, type MockServer } from '../../mock/adapters/node-server.js'
import { loadCompiledSpec, type ContractValidator } from '../../src/validation/validator.js'
import { HarWriter } from '../har/har-writer.js'
import { readHar } from '../har/read-har.js'
import { printReplay } from '../replay/print-replay.js'
import { replay, type ReplayReport } from '../replay/replay.js'
import { harValidator } from '../testing/har-schema.js'
import { createRecordingProxy } from './recording-proxy.js'

// The end-to-end test: the official JS SDK drives the mock through the recording proxy; the HAR is
// valid HAR 1.2 without secrets, replays against a fresh mock with no difference, and a fault injected into
// the mock replayed against shows up as that operation and pointer.
let dir: string
let har: string
let validator: ContractValidator
let recorded: MockServer
const steps: string[] = []

// The recorded mock's clock stands still, yet the replay adds the recording's real gaps (milliseconds between the
// SDK's calls): both mocks generate slowly enough (20 codes in 2 s) that those gaps never finish a generation the
// recording saw in progress.
const MOCK_OPTIONS = { generationRate: 10 }

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'promokit-record-'))
  har = join(dir, 'sdk.har')
  validator = (await loadCompiledSpec()).validator
  recorded = await createMockServer(MOCK_OPTIONS)
  const writer = new HarWriter(har, { name: 'test', version: '1' })
  const proxy: Server = await listen(createRecordingProxy({ target: recorded.url, writer }), '127.0.0.1', 0)
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  const sdk = VoucherifyServerSide({ applicationId: recorded.credentials.appId, secretKey: recorded.credentials.appToken, apiUrl: proxyUrl })
  try {
    await sdk.campaigns.list({ limit: 5 })
    const campaign = await sdk.campaigns.create({
      name: 'Recorded coupons', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 20,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, code_config: { pattern: 'REC-#####' } },
    } as never)
    steps.push(String(await sdk.campaigns.get(campaign.id).catch((e: { code: number }) => e.code)))
    // A control call through the proxy is recorded too: the replay moves the fresh mock's clock the same way.
    await fetch(`${proxyUrl}/_mock/jobs/finish`, { method: 'POST', headers: { 'content-type': 'application/json' } })
    steps.push(((await sdk.campaigns.get(campaign.id)) as unknown as { creation_status: string }).creation_status)
    const { vouchers } = await sdk.vouchers.list({ campaign_id: campaign.id, limit: 3 } as never)
    const voucher = await sdk.vouchers.get(vouchers[0].code!)
    const category = await sdk.categories.create({ name: 'Recorded category', hierarchy: 2 })
    await sdk.categories.get(category.id)
    await sdk.validations.validateStackable({ redeemables: [{ object: 'voucher', id: voucher.code! }], order: { amount: 10_000 } } as never)
    await sdk.campaigns.delete(campaign.id, { force: true })
    const wrong = VoucherifyServerSide({ applicationId: recorded.credentials.appId, secretKey: 'wrong-token', apiUrl: proxyUrl })
    steps.push(String(await wrong.categories.list().catch((e: { code: number }) => e.code)))
  } finally {
    await closeServer(proxy)
    writer.close()
    await recorded.close()
  }
}, 60_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function replayAgainstFreshMock(faults: object[] = []): Promise<ReplayReport> {
  const mock = await createMockServer(MOCK_OPTIONS)
  try {
    for (const fault of faults) {
      const res = await fetch(`${mock.url}/_mock/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })
      expect(res.status).toBe(201)
    }
    return await replay(readHar(har), { kind: 'mock', baseUrl: mock.url, credentials: mock.credentials, advance: (ms) => mock.advance(ms) }, validator, { har })
  } finally {
    await mock.close()
  }
}

describe('recording the official SDK against the mock', () => {
  it('writes every exchange as valid HAR 1.2, bodies kept, tokens redacted', () => {
    expect(steps).toEqual(['404', 'DONE', '401'])
    const text = readFileSync(har, 'utf8')
    const doc = JSON.parse(text)
    expect(harValidator()(doc)).toEqual([])
    const lines = doc.log.entries.map((e: any) => `${e.request.method} ${new URL(e.request.url).pathname} ${e.response.status}`)
    expect(lines[0]).toBe('GET /v1/campaigns 200')
    expect(lines).toContain('POST /_mock/jobs/finish 200')
    expect(lines.at(-1)).toBe('GET /v1/categories 401')
    expect(lines).toHaveLength(12)
    const created = doc.log.entries[1]
    expect(JSON.parse(created.request.postData.text)).toMatchObject({ name: 'Recorded coupons', vouchers_count: 20 })
    expect(JSON.parse(created.response.content.text)).toMatchObject({ name: 'Recorded coupons', creation_status: 'IN_PROGRESS' })
    expect(text).not.toContain(recorded.credentials.appToken)
    expect(text).not.toContain('wrong-token')
    expect(created.request.headers).toContainEqual({ name: 'X-App-Token', value: '****' })
  })

  it('replays against a fresh mock with no difference: the created campaign, its generated codes and category ids threaded', async () => {
    const report = await replayAgainstFreshMock()

    expect(report.differences).toEqual([])
    expect(report.exchanges).toBe(12)
    expect(report.clock).toBe('recorded-gaps-and-control-calls')
    // the campaign the recording created is the one the later requests name now (its id in their paths)
    const campaignId = JSON.parse(readHar(har)[1].response.content.text!).id
    const threadedCampaign = report.threaded?.find((t) => t.recorded === campaignId)
    expect(threadedCampaign?.now).toMatch(/^camp_/)
    expect(threadedCampaign?.now).not.toBe(campaignId)
    let printed = ''
    printReplay({ write: (t: string) => void (printed += t) }, report)
    expect(printed).toContain(`${campaignId} → ${threadedCampaign!.now}`)
    const agreement = Object.fromEntries(report.operations.map((o) => [o.operationId, `${o.agreeing}/${o.exchanges}`]))
    expect(agreement).toMatchObject({ getCampaign: '2/2', getVoucher: '1/1', getCategory: '1/1', deleteCampaign: '1/1', listCategories: '1/1', validateStackedDiscounts: '1/1' })
  })

  it('names the operation and the pointer of a fault injected into the mock it replays against', async () => {
    const report = await replayAgainstFreshMock([
      { operationId: 'getVoucher', action: 'drop', pointer: '/campaign_id', whenStatus: 200 },
      { operationId: 'getCategory', action: 'set', pointer: '/hierarchy', value: 'two', whenStatus: 200 },
    ])

    expect(report.differences).toEqual(expect.arrayContaining([
      expect.objectContaining({ operationId: 'getVoucher', kind: 'field-removed', pointer: '/campaign_id', now: undefined }),
      expect.objectContaining({ operationId: 'getCategory', kind: 'type-changed', pointer: '/hierarchy', recorded: 'number', now: 'string' }),
      expect.objectContaining({ operationId: 'getCategory', kind: 'schema', pointer: '/hierarchy' }),
    ]))
    expect(new Set(report.differences.map((d) => d.operationId))).toEqual(new Set(['getVoucher', 'getCategory']))
    expect(report.operations.find((o) => o.operationId === 'getVoucher')).toMatchObject({ agreeing: 0, exchanges: 1, agreement: 0 })
  })
})
