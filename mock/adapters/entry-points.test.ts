import supertest from 'supertest'
import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../testing/index.js'

type Call = { method: 'get' | 'post' | 'delete' | 'options'; path: string; op?: string; body?: unknown; raw?: string; headers?: Record<string, string>; auth?: boolean }

// Successes, every kind of error, a preflight and control calls: what each entry point must answer alike.
const CALLS: Call[] = [
  { method: 'get', path: '/v1/campaigns?limit=2', op: 'listCampaigns' },
  { method: 'get', path: '/v1/campaigns?filters[name][conditions][$in][0]=nope', op: 'listCampaigns' },
  { method: 'post', path: '/v1/campaigns', op: 'createCampaign', body: { name: 'both', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 't' }] } } },
  { method: 'post', path: '/v1/campaigns', op: 'createCampaign', body: { name: 'both', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 't' }] } } },
  { method: 'post', path: '/v1/campaigns', op: 'createCampaign', body: { campaign_type: 'NOPE' } },
  { method: 'post', path: '/v1/categories', op: 'createCategory', raw: '{"name":' },
  { method: 'get', path: '/v1/campaigns/camp_missing', op: 'getCampaign' },
  { method: 'get', path: '/v1/campaigns', op: 'listCampaigns', auth: false },
  { method: 'get', path: '/v1/campaigns?limit=500', op: 'listCampaigns' },
  { method: 'delete', path: '/v1/categories' },
  { method: 'get', path: '/v1/nowhere' },
  { method: 'options', path: '/v1/campaigns', auth: false, headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET' } },
  { method: 'get', path: '/_mock/requests?limit=3', auth: false },
  { method: 'get', path: '/_mock/nowhere', auth: false },
]

const HEADERS = ['content-type', 'allow', 'retry-after', 'access-control-allow-origin', 'access-control-allow-methods']

async function answers(through: 'express' | 'listener') {
  const t = await createTestApp()
  const client = through === 'express' ? supertest(t.app) : t.request
  const out = []
  for (const call of CALLS) {
    let req = client[call.method](call.path)
    if (call.auth !== false) req = req.set(t.headers.app)
    if (call.headers) req = req.set(call.headers)
    if (call.raw !== undefined) req = req.set('Content-Type', 'application/json').send(call.raw)
    else if (call.body !== undefined) req = req.send(call.body as object)
    const res = await req
    if (call.op) expectContract(res, call.op)
    else if (res.status >= 400) expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['code', 'key', 'message', 'details', 'request_id']))
    const { request_id: _id, ...body } = (res.body ?? {}) as Record<string, unknown>
    const requests = (body.requests as { requestId?: string; at?: string }[] | undefined)?.map(({ requestId: _r, ...rest }) => rest)
    out.push({
      call: `${call.method} ${call.path}`,
      status: res.status,
      body: requests ? { requests } : body,
      headers: Object.fromEntries(HEADERS.map((h) => [h, res.headers[h]])),
      requestIdHeader: typeof res.headers['x-request-id'],
    })
  }
  return out
}

describe('the Express app and the served listener', () => {
  it('answer every kind of request alike: same status, body, headers and request id', async () => {
    const [express, listener] = [await answers('express'), await answers('listener')]
    expect(listener).toEqual(express)
    expect(listener.map((a) => a.status)).toEqual([200, 200, 200, 409, 400, 400, 404, 401, 400, 405, 404, 204, 200, 404])
    expect(listener.every((a) => a.requestIdHeader === 'string')).toBe(true)
  })
})
