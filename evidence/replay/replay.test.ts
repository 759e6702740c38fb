import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { scriptedServer } from '../../contracts/testing/test-servers.js'
import { createMockServer } from '../../mock/adapters/node-server.js'
import { loadCompiledSpec, type ContractValidator } from '../../src/validation/validator.js'
import { toHarEntry } from '../har/har-entry.js'
import type { HarEntry } from '../har/har-types.js'
import { exchangeWith } from '../testing/record-exchange.js'
import { replay } from './replay.js'

let validator: ContractValidator
beforeAll(async () => {
  validator = (await loadCompiledSpec()).validator
})

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

const JSON_TYPE: [string, string] = ['content-type', 'application/json']
function entry(at: number, method: string, path: string, headers: [string, string][], status: number, body: unknown, requestBody?: string): HarEntry {
  return toHarEntry({
    startedAt: Date.UTC(2026, 10, 26, 10, 0, 0) + at,
    durationMs: 1,
    request: { method, url: `https://staging.example.com${path}`, headers, body: requestBody === undefined ? undefined : Buffer.from(requestBody) },
    response: { status, headers: [JSON_TYPE], body: Buffer.from(JSON.stringify(body)) },
  })
}

describe('replay against a deployment', () => {
  it('sends the target\'s own credentials where the recording had them redacted, a wrong one where the recording was refused, and the token it issued', async () => {
    const seen: string[] = []
    const target = await scriptedServer((req) => {
      seen.push(`${req.method} ${req.url} app=${req.headers['x-app-token']} auth=${req.headers.authorization}`)
      if (req.url === '/v1/oauth/token') return { status: 200, body: { access_token: 'issued-now', token_type: 'bearer', expires_in: 900, scope: 'api' } }
      const accepted = req.headers['x-app-token'] === 'real-token' || req.headers.authorization === 'Bearer issued-now'
      return accepted ? { status: 200, body: { object: 'list', data_ref: 'categories', categories: [], total: 0 } } : { status: 401, body: { code: 401, key: 'unauthorized', message: 'Unauthorized' } }
    })
    close = target.close
    const entries = [
      entry(0, 'GET', '/v1/categories', [['X-App-Id', 'rec-id'], ['X-App-Token', 'recorded-secret']], 200, { object: 'list', data_ref: 'categories', categories: [], total: 0 }),
      entry(5, 'GET', '/v1/categories', [['X-App-Id', 'rec-id'], ['X-App-Token', 'a-wrong-one']], 401, { code: 401, key: 'unauthorized', message: 'Unauthorized' }),
      entry(9, 'POST', '/v1/oauth/token', [['Authorization', 'Basic cmVjOnNlY3JldA=='], ['content-type', 'application/x-www-form-urlencoded']], 200,
        { access_token: 'recorded-access', token_type: 'bearer', expires_in: 900, scope: 'api' }, 'grant_type=client_credentials&scope=api'),
      entry(12, 'GET', '/v1/categories', [['Authorization', 'Bearer recorded-access']], 200, { object: 'list', data_ref: 'categories', categories: [], total: 0 }),
    ]
    const report = await replay(entries, { kind: 'url', baseUrl: target.url, credentials: { appId: 'new-id', appToken: 'real-token' } }, validator, { har: 'x.har' })

    expect(seen).toEqual([
      'GET /v1/categories app=real-token auth=undefined',
      'GET /v1/categories app=promokit-replay-refused-credential auth=undefined',
      `POST /v1/oauth/token app=undefined auth=Basic ${Buffer.from('new-id:real-token').toString('base64')}`,
      'GET /v1/categories app=undefined auth=Bearer issued-now',
    ])
    expect(report.differences).toEqual([])
    expect(report.clock).toBe('wall')
    expect(report.operations.find((o) => o.operationId === 'listCategories')).toMatchObject({ exchanges: 3, agreeing: 3, agreement: 1 })
  })

  it('reports a status only time explains as timing, not as a contract difference', async () => {
    const target = await scriptedServer(() => ({ status: 200, body: { id: 'camp_x', name: 'n', object: 'campaign' } }))
    close = target.close
    const generating = toHarEntry({
      startedAt: 0, durationMs: 1,
      request: { method: 'GET', url: 'https://staging.example.com/v1/campaigns/camp_x', headers: [] },
      response: { status: 404, headers: [JSON_TYPE, ['retry-after', '4']], body: Buffer.from('{"code":404,"key":"not_found","message":"m"}') },
    })
    const report = await replay([generating], { kind: 'url', baseUrl: target.url, credentials: {} }, validator, { har: 'x.har' })

    expect(report.differences).toEqual([])
    expect(report.timing).toEqual([expect.objectContaining({ operationId: 'getCampaign', kind: 'timing', recorded: 404, now: 200 })])
  })
})

describe('replay of an export against a deployment that has not finished it yet', () => {
  it('reports the moved status, the result not there yet and the download it cannot make as timing, not as contract differences', async () => {
    const exportBody = (status: string, result: unknown) => ({
      id: 'exp_RECORDED01', object: 'export', created_at: '2026-11-26T10:00:00.000Z', status, channel: 'API', exported_object: 'voucher_transactions',
      parameters: { fields: ['id', 'type'], filters: { junction: 'AND', campaign_id: { conditions: { $in: ['camp_demo0002'] } } } }, result, user_id: null,
    })
    const target = await scriptedServer((req) => (req.url?.includes('token=')
      ? { status: 401, body: { code: 401, key: 'unauthorized', message: 'Unauthorized', details: 'the download token is not valid' } }
      : { status: 200, body: exportBody('SCHEDULED', null) }))
    close = target.close
    const keys: [string, string][] = [['X-App-Id', 'rec-id'], ['X-App-Token', 'secret']]
    const download = toHarEntry({
      startedAt: Date.UTC(2026, 10, 26, 10, 0, 9), durationMs: 1,
      request: { method: 'GET', url: 'https://staging.example.com/v1/exports/exp_RECORDED01?token=download-secret', headers: [] },
      response: { status: 200, headers: [['content-type', 'text/csv']], body: Buffer.from('id,type\nvtx_1,CREDITS_REDEMPTION\n') },
    })
    const entries = [
      entry(8_000, 'GET', '/v1/exports/exp_RECORDED01', keys, 200, exportBody('DONE', { url: 'https://staging.example.com/v1/exports/exp_RECORDED01?token=download-secret' })),
      download,
    ]
    const report = await replay(entries, { kind: 'url', baseUrl: target.url, credentials: { appId: 'id', appToken: 'token' } }, validator, { har: 'x.har' })

    expect(report.differences).toEqual([])
    expect(report.timing.map((d) => `#${d.entry} ${d.kind} ${d.pointer} ${String(d.recorded)} ${String(d.now)}`)).toEqual([
      '#0 timing /status DONE SCHEDULED', '#0 timing /result object null', '#1 timing  200 401',
    ])
  })
})

describe('replay against the mock', () => {
  it('moves the fresh mock\'s clock by the recorded gaps: a campaign read 5 s after its creation is generated, as it was when recorded', async () => {
    // The "recording": a mock whose clock moved 5 s between the two requests (as a deployment's does).
    const recorded = await createMockServer()
    const body = JSON.stringify({ name: 'Timed', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 3000, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } } })
    const exchange = exchangeWith(recorded)
    let entries: HarEntry[]
    try {
      const created = await exchange(0, 'POST', '/v1/campaigns', body)
      recorded.advance(5_000)
      const id = JSON.parse(created.response.content.text!).id
      entries = [created, await exchange(5_000, 'GET', `/v1/campaigns/${id}`)]
    } finally {
      await recorded.close()
    }
    expect(entries.map((e) => e.response.status)).toEqual([200, 200])

    const against = async (follow: boolean) => {
      const mock = await createMockServer()
      try {
        return await replay(entries, { kind: 'mock', baseUrl: mock.url, credentials: mock.credentials, advance: follow ? (ms) => mock.advance(ms) : undefined }, validator, { har: 'x.har' })
      } finally {
        await mock.close()
      }
    }
    const following = await against(true)
    expect(following.clock).toBe('recorded-gaps')
    expect(following.differences).toEqual([])
    // Without the clock following the recording, the same read finds the campaign still generating.
    expect((await against(false)).differences).toEqual([expect.objectContaining({ operationId: 'getCampaign', kind: 'status', recorded: 200, now: 404 })])
  })
})

describe('replay of control calls', () => {
  it('sends a control call the recording saw answered so the mock takes it, a bare POST of an older recording included', async () => {
    const recorded = await createMockServer()
    const atOnce = exchangeWith(recorded)
    const exchange = (method: string, path: string, requestBody?: string) => atOnce(0, method, path, requestBody)
    let entries: HarEntry[]
    try {
      const created = await exchange('POST', '/v1/campaigns', JSON.stringify({ name: 'Finished', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 3000, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } } }))
      const finished = await exchange('POST', '/_mock/jobs/finish')
      // as a recording made before the control plane refused bare POSTs holds it: no content type, no X- header
      finished.request.headers = []
      entries = [created, finished, await exchange('GET', `/v1/campaigns/${JSON.parse(created.response.content.text!).id}`)]
    } finally {
      await recorded.close()
    }
    expect(entries.map((e) => e.response.status)).toEqual([200, 200, 200])

    const mock = await createMockServer()
    try {
      const report = await replay(entries, { kind: 'mock', baseUrl: mock.url, credentials: mock.credentials, advance: (ms) => mock.advance(ms) }, validator, { har: 'x.har' })
      expect(report.clock).toBe('recorded-gaps-and-control-calls')
      // refused, the call would leave the campaign generating: the read would be a 404
      expect(report.differences).toEqual([])
    } finally {
      await mock.close()
    }
  })
})
