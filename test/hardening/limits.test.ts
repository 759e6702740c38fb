import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeServer, listen } from '../../mock/adapters/node-server.js'
import { createTestApp, expectContract } from '../../mock/testing/index.js'
import { contractProblems, fingerprint, handlerOf, LIVE_ENTRIES, startLiveApp, type LiveApp } from './harness.js'

const promotion = (name: string) => ({ name, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'T', action: { discount: { type: 'PERCENT', percent_off: 5 } } }] } })

/** Writes raw bytes on a fresh connection; resolves with everything the server sent once it closes the socket. */
function rawExchange(port: number, chunks: string[], { end = true } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (d) => (received += d.toString('latin1')))
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
    for (const chunk of chunks) socket.write(chunk)
    if (end) socket.end()
  })
}

describe.each(LIVE_ENTRIES)('limits (%s)', (entry) => {
  let live: LiveApp
  beforeAll(async () => {
    live = await startLiveApp({}, entry)
  })
  afterAll(() => live?.close())

  it('answers a body over the 1 MB limit 413 query_too_large, with or without Content-Length, and changes nothing', async () => {
    const limit = live.deps.config.maxBodyBytes
    const before = fingerprint(live)
    const body = Buffer.from(`{"name":"${'x'.repeat(limit)}"}`)
    const sized = await live.send({ method: 'POST', target: '/v1/campaigns', headers: { ...live.headers.app, 'Content-Type': 'application/json' }, body })
    expect(sized.status).toBe(413)
    expect(sized.body).toMatchObject({ code: 413, key: 'query_too_large' })
    expect(contractProblems(live.deps.validator, 'POST', '/v1/campaigns', sized)).toEqual([])
    // chunked: the limit is counted while reading
    const port = (live.server.address() as AddressInfo).port
    const head = `POST /v1/campaigns HTTP/1.1\r\nHost: x\r\nX-App-Id: ${live.headers.app['X-App-Id']}\r\nX-App-Token: ${live.headers.app['X-App-Token']}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`
    const chunk = body.toString('latin1')
    const chunked = await rawExchange(port, [head, `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`])
    expect(chunked).toMatch(/^HTTP\/1\.1 413/)
    expect(fingerprint(live)).toBe(before)
  })

  it('keeps page and limit within the documented bounds (400 invalid_query_params), and a page past the end is empty', async () => {
    const rejected = [
      ['listCampaigns', '/v1/campaigns?limit=0'],
      ['listCampaigns', '/v1/campaigns?limit=101'],
      ['listCampaigns', '/v1/campaigns?limit=-1'],
      ['listCampaigns', '/v1/campaigns?limit=1e3'],
      ['listCampaigns', '/v1/campaigns?page=0'],
      ['listCampaigns', '/v1/campaigns?page=101'],
      ['listVouchers', '/v1/vouchers?limit=101'],
      ['listVouchers', '/v1/vouchers?page=0'],
      ['listMemberHolders', '/v1/referrals/members/REF-ALICE/holders?limit=101'],
    ] as const
    for (const [op, path] of rejected) {
      const res = await live.request.get(path).set(live.headers.app)
      expect(res.status, path).toBe(400)
      expect(res.body.key, path).toBe('invalid_query_params')
      expectContract(res, op)
    }
    for (const page of ['1000000', '99999999999999999999']) {
      const pastEnd = await live.request.get(`/v1/vouchers?limit=100&page=${page}`).set(live.headers.app)
      expect(pastEnd.status).toBe(200)
      expect(pastEnd.body.vouchers).toEqual([])
    }
    const lastPage = await live.request.get('/v1/campaigns?limit=100&page=100').set(live.headers.app)
    expect(lastPage.status).toBe(200)
    expect(lastPage.body.campaigns).toEqual([])
  })

  it('answers oversized headers 431 and keeps serving', async () => {
    const port = (live.server.address() as AddressInfo).port
    const answer = await rawExchange(port, [`GET /v1/campaigns HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(32 * 1024)}\r\nConnection: close\r\n\r\n`])
    expect(answer).toMatch(/^HTTP\/1\.1 431/)
    const after = await live.request.get('/v1/campaigns').set(live.headers.app)
    expect(after.status).toBe(200)
  })

  it('refuses a vouchers_count above maxVouchersCount with a 400 that says so', async () => {
    const t = await createTestApp({ config: { maxVouchersCount: 100 } })
    const body = { name: 'Too many', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 101, voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 }, code_config: { pattern: 'TM-######' } } }
    const res = await t.request.post('/v1/campaigns').set(t.headers.app).send(body)
    expect(res.status).toBe(400)
    expect(res.body.details).toContain('limit of 100')
    expectContract(res, 'createCampaign')
  })

  it('stops creating past maxObjects with 400 limit_exceeded, changing nothing', async () => {
    const t = await createTestApp({ config: { maxObjects: 7 } })
    // the fixtures hold 5 campaigns in project A
    for (const name of ['One', 'Two']) expect((await t.request.post('/v1/campaigns').set(t.headers.app).send(promotion(name))).status).toBe(200)
    const before = fingerprint(t)
    const refused = await t.request.post('/v1/campaigns').set(t.headers.app).send(promotion('Three'))
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ key: 'limit_exceeded' })
    expect(refused.body.details).toContain('at most 7 campaigns per project')
    expectContract(refused, 'createCampaign')
    expect(fingerprint(t)).toBe(before)
    // other projects and other kinds have their own counts; deleting frees room
    expect((await t.request.post('/v1/campaigns').set(t.headers.appB).send(promotion('Three'))).status).toBe(200)
    expect((await t.request.delete('/v1/campaigns/camp_demo0004').query({ force: true }).set(t.headers.app)).status).toBe(202)
    t.clock.advance(1_000)
    expect((await t.request.post('/v1/campaigns').set(t.headers.app).send(promotion('Three'))).status).toBe(200)
    const tokens = []
    for (let i = 0; i < 8; i++) tokens.push(await t.request.post('/v1/oauth/token').set(t.headers.app).type('form').send({ grant_type: 'client_credentials', scope: 'api' }))
    expect(tokens.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 400])
    expectContract(tokens[7], 'createOAuthToken')
  })

  it('closes connections of clients too slow to send their headers or body (408), and keeps serving others', async () => {
    const t = await createTestApp()
    const server = await listen(handlerOf(t, entry), '127.0.0.1', 0, { headersTimeout: 300, requestTimeout: 600 })
    expect(server.headersTimeout).toBe(300)
    expect(server.requestTimeout).toBe(600)
    try {
      const port = (server.address() as AddressInfo).port
      const slowHeaders = rawExchange(port, ['GET /v1/campaigns HTTP/1.1\r\nHost: x\r\n'], { end: false })
      const slowBody = rawExchange(port, ['POST /v1/categories HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na'], { end: false })
      const [headersAnswer, bodyAnswer] = await Promise.all([slowHeaders, slowBody])
      expect(headersAnswer).toMatch(/^HTTP\/1\.1 408/)
      expect(bodyAnswer).toMatch(/^HTTP\/1\.1 408/)
      const port2 = (server.address() as AddressInfo).port
      const ok = await rawExchange(port2, [`GET /v1/campaigns HTTP/1.1\r\nHost: x\r\nX-App-Id: ${t.headers.app['X-App-Id']}\r\nX-App-Token: ${t.headers.app['X-App-Token']}\r\nConnection: close\r\n\r\n`])
      expect(ok).toMatch(/^HTTP\/1\.1 200/)
    } finally {
      await closeServer(server)
    }
  })
})
