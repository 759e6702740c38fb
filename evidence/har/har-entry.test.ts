import { STATUS_CODES } from 'node:http'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { harValidator } from '../testing/har-schema.js'
import { harEntryText, type RawExchange } from './har-entry.js'
import type { HarEntry } from './har-types.js'

const validate = harValidator()
const asLog = (entry: HarEntry) => ({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: [entry] } })

// Anything a target may send back: quotes, backslashes, control characters, non-ASCII, invalid UTF-8.
const anyText = fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => !/token|secret/.test(s))
const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/).filter((n) => !/token|cookie|authorization/i.test(n))
const exchanges: fc.Arbitrary<RawExchange> = fc.record({
  startedAt: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  durationMs: fc.double({ min: 0, max: 60_000, noNaN: true }),
  request: fc.record({
    method: fc.constantFrom('GET', 'post', 'DELETE', 'PUT'),
    url: fc.constantFrom('http://127.0.0.1:4010/v1/campaigns', 'https://staging.example.com/api/v1/campaigns?limit=10&order=-name', 'http://h/x?q=%22a%20b%22&q=2'),
    headers: fc.array(fc.tuple(headerName, anyText), { maxLength: 4 }),
    body: fc.option(fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b)), { nil: undefined }),
  }),
  response: fc.record({
    status: fc.constantFrom(200, 201, 204, 302, 404, 599),
    statusText: fc.option(anyText, { nil: undefined }),
    headers: fc.array(fc.tuple(headerName, anyText), { maxLength: 4 }).chain((h) =>
      fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'image/png', 'application/octet-stream').map((type) => [...h, ['Content-Type', type] as [string, string]])),
    body: fc.oneof(anyText.map((t) => Buffer.from(t)), fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b))),
  }),
  operationId: fc.option(fc.constantFrom('listCampaigns', 'createCampaign'), { nil: undefined }),
})

describe('harEntryText', () => {
  it('is one line of JSON, a valid HAR 1.2 entry, that keeps every body and header as it came', () => {
    fc.assert(
      fc.property(exchanges, (exchange) => {
        const text = harEntryText(exchange)
        expect(text).not.toContain('\n')
        const entry = JSON.parse(text) as HarEntry
        expect(validate(asLog(entry))).toEqual([])
        const { response, request } = exchange
        const body = entry.response.content.encoding === 'base64' ? Buffer.from(entry.response.content.text!, 'base64') : Buffer.from(entry.response.content.text!)
        expect(body.equals(response.body) || body.toString() === response.body.toString()).toBe(true)
        expect([entry.request.method, entry.request.url]).toEqual([request.method.toUpperCase(), new URL(request.url).href])
        expect([entry.response.status, entry.response.statusText]).toEqual([response.status, response.statusText ?? STATUS_CODES[response.status] ?? ''])
        expect(entry.response.content.size).toBe(response.body.length)
        expect(entry.response.headers).toEqual(response.headers.map(([name, value]) => ({ name, value })))
        expect(entry.request.headers).toEqual(request.headers.map(([name, value]) => ({ name, value })))
        expect(entry.request.postData?.text).toBe(request.body?.length ? request.body.toString() : undefined)
        expect(new Date(entry.startedDateTime).getTime()).toBe(exchange.startedAt)
        expect([entry.time, entry._operationId]).toEqual([exchange.durationMs, exchange.operationId])
      }),
      { numRuns: 300 },
    )
  })
})
