import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from './testing/index.js'

// Issue 13 item 6: HEAD answers like GET, without a body (RFC 9110 §9.3.2), on every GET operation.
describe('HEAD on the API', () => {
  it('answers with the status and headers of the GET, and no body', async () => {
    const { request, headers } = await createTestApp()
    const paths: Array<[string, string]> = [
      ['/v1/campaigns?limit=2', 'listCampaigns'],
      ['/v1/campaigns/camp_demo0001', 'getCampaign'],
      ['/v1/campaigns/camp_nope', 'getCampaign'],
      ['/v1/vouchers?limit=1', 'listVouchers'],
    ]
    for (const [path, operationId] of paths) {
      const get = await request.get(path).set(headers.app)
      expectContract(get, operationId)
      const head = await request.head(path).set(headers.app)
      expect(head.status, path).toBe(get.status)
      expect(head.headers['content-type'], path).toBe(get.headers['content-type'])
      expect(head.text ?? '', path).toBe('')
    }
    const unauthorised = await request.head('/v1/campaigns')
    expect(unauthorised.status).toBe(401)
  })

  it('is listed in Allow next to GET when a method is not allowed', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.patch('/v1/campaigns/camp_demo0001').set(headers.app).send({})
    expect(res.status).toBe(405)
    expect(res.body).toMatchObject({ code: 405, key: expect.any(String), request_id: res.headers['x-request-id'] })
    expect(res.headers.allow).toContain('HEAD')
  })
})
