import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { FIXTURE_EPOCH } from '../../../src/clock.js'
import { sequentialIds } from '../../../src/ids.js'
import { ApiError } from '../../engine/errors.js'
import { expectContract, useValidator } from '../../testing/index.js'
import { precompiledFor } from '../../../src/spec/precompiled.js'
import { createMockHandlers, type MockHandlersOptions } from './index.js'
import { createMockHandlers as createNodeHandlers } from './node.js'

// Issue 24, tried as a frontend team's vitest suite uses the handlers: errors that show, runs that
// repeat, overrides that compose with the built-in answers and are held to the spec.

const APP = { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token', 'Content-Type': 'application/json' }
const BASE = 'http://embed.test'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

async function mockWith(options: MockHandlersOptions = {}) {
  const handlers = createMockHandlers({ baseUrl: BASE, clock: 'manual', ids: sequentialIds(), ...options })
  useValidator((await handlers.ready).validator)
  server.use(...handlers)
  return handlers
}
const call = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${BASE}${path}`, { ...init, headers: { ...APP, ...init.headers } })
  return { status: res.status, headers: Object.fromEntries(res.headers), body: (await res.json()) as any }
}
const stacked = { redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 5000 } }

describe('a custom handler that throws', () => {
  it('answers 500 and prints the error with its stack to the console by default', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    await mockWith({ handlers: { listCampaigns: () => { throw new Error('boom in my handler') } } })
    const res = await call('/v1/campaigns')
    expect(res.body).toMatchObject({ code: 500, key: 'internal_error' })
    const error = printed.mock.calls.flat().find((arg) => arg instanceof Error) as Error | undefined
    expect(error?.message).toBe('boom in my handler')
    expect(error?.stack).toContain('embedding.test.ts')
  })

  it('goes to the logger when one is given, and not to the console', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const logged: unknown[] = []
    const logger = { level: 'info', info: () => {}, warn: () => {}, error: (fields: object) => logged.push(fields) }
    await mockWith({ logger, handlers: { listCampaigns: () => { throw new Error('boom in my handler') } } })
    expect((await call('/v1/campaigns')).status).toBe(500)
    expect(logged).toContainEqual(expect.objectContaining({ err: expect.objectContaining({ message: 'boom in my handler' }) }))
    expect(printed).not.toHaveBeenCalled()
  })
})

describe('errors an operation documents', () => {
  it('a status fault and Prefer: code=400 on validateStackedDiscounts both answer its own invalid_payload', async () => {
    await mockWith()
    const fault = await call('/_mock/faults', { method: 'POST', body: JSON.stringify({ operationId: 'validateStackedDiscounts', action: 'status', status: 400 }) })
    expect(fault.status).toBe(201)
    const faulted = await call('/v1/validations', { method: 'POST', body: JSON.stringify(stacked) })
    expectContract(faulted, 'validateStackedDiscounts')
    expect(faulted.body).toMatchObject({ code: 400, key: 'invalid_payload', message: 'Invalid payload' })
    const preferred = await call('/v1/validations', { method: 'POST', body: JSON.stringify(stacked), headers: { Prefer: 'code=400' } })
    expect(preferred.body.key).toBe('invalid_payload')
    // each operation its own: listCampaigns documents invalid_query_params; getCampaign documents no 400 example (the catalogue's)
    await call('/_mock/faults', { method: 'POST', body: JSON.stringify({ operationId: 'listCampaigns', action: 'status', status: 400 }) })
    const listed = await call('/v1/campaigns')
    expectContract(listed, 'listCampaigns')
    expect(listed.body.key).toBe('invalid_query_params')
    await call('/_mock/faults', { method: 'POST', body: JSON.stringify({ operationId: 'getCampaign', action: 'status', status: 400 }) })
    expect((await call('/v1/campaigns/camp_demo0001')).body.key).toBe('invalid_campaign')
  })
})

describe('runs that repeat', () => {
  it('sequentialIds() gives the same request ids, so error bodies snapshot', async () => {
    const run = async () => {
      server.resetHandlers()
      await mockWith()
      const missing = await call('/v1/vouchers/NO-SUCH-CODE')
      return { id: missing.headers['x-request-id'], body: missing.body }
    }
    const first = await run()
    const second = await run()
    expect(first.body.request_id).toBe(first.id)
    expect(second).toEqual(first)
  })

  it('reset() puts a manual clock back at its start', async () => {
    const handlers = await mockWith()
    await handlers.advance(60_000)
    expect((await call('/_mock/clock')).body.epoch_ms).toBe(FIXTURE_EPOCH + 60_000)
    await handlers.reset()
    expect((await call('/_mock/clock')).body.epoch_ms).toBe(FIXTURE_EPOCH)
  })
})

describe('a custom handler over the built-in one', () => {
  it('overrides one voucher, lets the others through and adjusts what it passes on', async () => {
    await mockWith({
      handlers: {
        getVoucher: async ({ params }, ctx) => {
          if (params.code === 'GIFT-0003') throw new ApiError('NOT_FOUND', 'hidden by this test', { resourceId: params.code, resourceType: 'voucher' })
          const answer = await ctx.defaultAnswer()
          return params.code === 'GIFT-0002' && answer.status === 200 ? { ...answer, body: { ...answer.body!, active: false } } : answer
        },
      },
    })
    const untouched = await call('/v1/vouchers/GIFT-0001')
    expectContract(untouched, 'getVoucher')
    expect(untouched.body).toMatchObject({ code: 'GIFT-0001', active: true })
    const adjusted = await call('/v1/vouchers/GIFT-0002')
    expectContract(adjusted, 'getVoucher')
    expect(adjusted.body).toMatchObject({ code: 'GIFT-0002', active: false })
    expect((await call('/v1/vouchers/GIFT-0003')).body).toMatchObject({ code: 404, details: 'hidden by this test' })
    // the built-in errors come through as they are
    expect((await call('/v1/vouchers/NO-SUCH-CODE')).body).toMatchObject({ code: 404, key: 'not_found' })
  })

  it('is held to the spec: an answer it does not allow is a 500 naming the operation and field', async () => {
    const answer = { status: 200, body: { foo: 1 } } as never
    await mockWith({ handlers: { getCampaign: () => answer } })
    const res = await call('/v1/campaigns/camp_demo0001')
    expect(res.status).toBe(500)
    expect(res.body.details).toMatch(/Your handler for getCampaign answered 200 .*\/body.* validateHandlers: false/)
    expect(res.body.details).toContain('/body/id')
  })

  it('serves any answer unchecked with validateHandlers: false', async () => {
    const answer = { status: 200, body: { foo: 1 } } as never
    await mockWith({ validateHandlers: false, handlers: { getCampaign: () => answer } })
    const res = await call('/v1/campaigns/camp_demo0001')
    expect(res).toMatchObject({ status: 200, body: { foo: 1 } })
  })
})

describe('promokit/msw in Node', () => {
  it('answers with the build\'s precompiled validators by default; the browser entry compiles as operations are called', async () => {
    const inNode = await createNodeHandlers({ clock: 'manual' }).ready
    expect(precompiledFor(inNode.spec)).toBeDefined()
    const portable = await createMockHandlers({ clock: 'manual' }).ready
    expect(precompiledFor(portable.spec)).toBeUndefined()
  })
})
