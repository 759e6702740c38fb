import { VoucherifyServerSide } from '@voucherify/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from './node-server.js'
import { expectContract } from '../testing/index.js'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('createMockServer', () => {
  it('listens on 127.0.0.1 and a free port, and serves the API with the printed credentials', async () => {
    server = await createMockServer()
    const { url, credentials } = server
    const res = await fetch(`${url}/v1/categories`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Id': credentials.appId, 'X-App-Token': credentials.appToken },
      body: JSON.stringify({ name: 'Over the wire', hierarchy: 1 }),
    })
    const body = await res.json()

    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-request-id')).toBeTruthy()
    expectContract({ status: res.status, body, headers: Object.fromEntries(res.headers) }, 'createCategory')
  })

  it('answers control calls that arrive together before the control API has loaded, bodies included', async () => {
    server = await createMockServer()
    const { url } = server
    const [clock, faults, latency, missing] = await Promise.all([
      fetch(`${url}/_mock/clock`),
      fetch(`${url}/_mock/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ operationId: 'listCampaigns', action: 'status', status: 503, times: 1 }) }),
      fetch(`${url}/_mock/latency`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ listCampaigns: -5 }) }),
      fetch(`${url}/_mock/nowhere`),
    ])
    expect([clock.status, faults.status, latency.status, missing.status]).toEqual([200, 201, 400, 404])
    expect(await clock.json()).toMatchObject({ advanceable: true })
    expect(await missing.json()).toMatchObject({ code: 404, key: expect.any(String), request_id: expect.any(String) })
    const listed = await fetch(`${url}/v1/campaigns`, { headers: { 'X-App-Id': server.credentials.appId, 'X-App-Token': server.credentials.appToken } })
    expect(listed.status).toBe(503)
  })

  it('runs on a manual clock moved by advance(), and reset() restores the fixtures and the clock start', async () => {
    server = await createMockServer()
    const start = server.deps.clock.now()
    server.advance(60_000)
    const project = server.deps.projects.get(server.credentials.projectId)
    project?.categories.create({ name: 'Gone after reset', hierarchy: 1 })
    await server.reset()

    // the clock is back at its start too (issue 24): a test after a reset sees the times a fresh mock does
    expect(server.deps.clock.now()).toBe(start)
    expect(server.deps.projects.get(server.credentials.projectId)?.categories.findByName('Gone after reset')).toBeUndefined()
    expect(server.finishJobs()).toBe(0)
  })

  it('stops listening on close()', async () => {
    server = await createMockServer()
    const { url } = server
    await server.close()
    server = undefined

    await expect(fetch(`${url}/_mock/clock`)).rejects.toThrow()
  })
})

describe('the real SDK (@voucherify/sdk) against the mock', () => {
  it('creates a category by changing only the base URL', async () => {
    server = await createMockServer()
    const client = VoucherifyServerSide({ applicationId: server.credentials.appId, secretKey: server.credentials.appToken, apiUrl: server.url })
    const category = await client.categories.create({ name: 'From the SDK', hierarchy: 4 })

    expect(category).toMatchObject({ name: 'From the SDK', hierarchy: 4, object: 'category' })
    expect(category.id).toMatch(/^cat_/)
  })

  it('sees errors in the shape it reads: code, key, message, details', async () => {
    server = await createMockServer()
    const client = VoucherifyServerSide({ applicationId: server.credentials.appId, secretKey: 'wrong', apiUrl: server.url })
    const error = await client.categories.create({ name: 'x', hierarchy: 1 }).catch((e: unknown) => e)

    expect(error).toMatchObject({ code: 401, key: 'unauthorized', message: 'Unauthorized' })
    expect((error as { details: string }).details).toMatch(/X-App-Token/)
  })

  it('lists campaigns, and sees a new voucher campaign DONE once the mock finishes its jobs', async () => {
    server = await createMockServer()
    const client = VoucherifyServerSide({ applicationId: server.credentials.appId, secretKey: server.credentials.appToken, apiUrl: server.url })
    const listed = await client.campaigns.list({ limit: 5 })
    const created = await client.campaigns.create({
      name: 'SDK coupons',
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 3000,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 }, code_config: { pattern: 'SDK-########' } },
    } as never)
    const whileGenerating = await client.campaigns.get(created.id).catch((e: unknown) => e)
    const moved = server.finishJobs()
    const done = await client.campaigns.get(created.id)

    expect(listed.campaigns.length).toBeGreaterThan(0)
    expectContract({ status: 200, body: listed, headers: { 'content-type': 'application/json' } }, 'listCampaigns')
    expect(created).toMatchObject({ creation_status: 'IN_PROGRESS', vouchers_count: 0 })
    expect(whileGenerating).toMatchObject({ code: 404, key: 'not_found', resource_type: 'campaign' })
    expect(moved).toBe(3000)
    expect(done).toMatchObject({ creation_status: 'DONE', vouchers_generation_status: 'DONE', vouchers_count: 3000 })
  })
})
