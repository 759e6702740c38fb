import fc from 'fast-check'
import { request } from 'node:http'
import { setupServer, type SetupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sequentialIds } from '../../../src/ids.js'
import { createMockServer, type MockServer } from '../node-server.js'
import { expectContract, loadControlValidator } from '../../testing/index.js'
import type { ContractValidator } from '../../../src/validation/validator.js'
import { createMockHandlers, type MockHandlers } from './index.js'
import { callFor, commands, newWorld, observe, type Call, type World } from '../../testing/differential-commands.js'

// Issue 16: the served mock and the MSW handlers are one mock. The same seeded random sequence of
// requests (creates, lists, gets, validations, redemptions, exports, faults, sandboxes, errors, clock moves) goes to
// the served mock over HTTP and to the handlers through setupServer; every answer must be the same
// bytes: status, headers (less the transport's: date, connection, content-length) and body. Request
// ids are random per instance in their first part and counted after it; the first part is normalised,
// as are export download tokens and sandbox ids and secrets (random by design).

const MSW_ORIGIN = 'http://promokit.test'
const SEED = Number(process.env.PROMOKIT_DIFF_SEED ?? 20261125)
const LENGTH = 300
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])

interface Seen {
  status: number
  headers: Record<string, string>
  text: string
}

/** What is compared, and the answer as it came (which the spec must allow). */
interface Answer {
  seen: Seen
  raw: { headers: Record<string, string>; text: string }
}

let served: MockServer
let handlers: MockHandlers
let msw: SetupServer
let control: ContractValidator
beforeAll(async () => {
  served = await createMockServer({ ids: sequentialIds(), allowedHosts: ['promokit.test'] })
  handlers = createMockHandlers({ baseUrl: MSW_ORIGIN, clock: 'manual', ids: sequentialIds() })
  await handlers.ready
  msw = setupServer(...handlers)
  // requests to the served mock are not the handlers' (another origin) and go out to it
  msw.listen({ onUnhandledRequest: 'bypass' })
  control = await loadControlValidator()
})
afterAll(async () => {
  msw?.close()
  await served?.close()
})

/** One call as a client sees it, with the instance's request-id prefix and secret download tokens replaced. */
function seen(status: number, headerList: Iterable<[string, string]>, text: string): Answer {
  const headers: Record<string, string> = {}
  for (const [name, value] of headerList) if (!TRANSPORT_HEADERS.has(name)) headers[name] = value
  const prefix = headers['x-request-id']?.slice(0, 12) ?? ''
  const normalise = (value: string) =>
    (prefix ? value.replaceAll(prefix, 'v-instance__') : value)
      .replace(/token=[\w-]{24}/g, 'token=<random>')
      .replace(/sbx_(\d{4})[0-9a-f]{8}/g, 'sbx_$1<random>')
      .replace(/-token-[0-9a-f]{24}/g, '-token-<random>')
  const normalised = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, normalise(value)]))
  return { seen: { status, headers: normalised, text: normalise(text) }, raw: { headers, text } }
}

/** The sandboxes each side created, in order (their ids and keys are random, so each side uses its own). */
const sandboxes: Record<'served' | 'handlers', { id: string; keys: Record<string, string> }[]> = { served: [], handlers: [] }

/** The call as one side sends it: its own sandbox's id in the path and keys in the headers. */
function forSide(call: Call, side: keyof typeof sandboxes): { path: string; headers: Record<string, string> } {
  if (!call.sandbox) return call
  const { id, keys } = sandboxes[side][call.sandbox.index]
  const own: Record<string, string> = call.sandbox.keys === 'app' ? { 'X-App-Id': keys.app_id, 'X-App-Token': keys.app_token } : call.sandbox.keys === 'client' ? { 'X-Client-Application-Id': keys.client_id, 'X-Client-Token': keys.client_token } : {}
  return { path: call.path.replace('{sandbox}', id), headers: { ...call.headers, ...own } }
}

async function sendToHandlers(call: Call): Promise<Answer> {
  const { path, headers } = forSide(call, 'handlers')
  const res = await fetch(`${MSW_ORIGIN}${path}`, { method: call.method, headers, body: call.body })
  return seen(res.status, res.headers, await res.text())
}

/**
 * node:http, not fetch: fetch sets Host itself, and the served mock is told it was reached as
 * promokit.test, so URLs it builds (export downloads) are the handlers' own.
 */
function sendToServer(call: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { path, headers } = forSide(call, 'served')
    const req = request(`${served.url}${path}`, { method: call.method, headers: { ...headers, host: 'promokit.test' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve(seen(res.statusCode ?? 0, Object.entries(res.headers).map(([name, value]) => [name, String(value)]), Buffer.concat(chunks).toString('utf8'))))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(call.body)
  })
}

describe('MSW handlers and the served mock answer alike', () => {
  it(`the same ${LENGTH} random requests (seed ${SEED}) get byte-identical answers`, async () => {
    const [sequence] = fc.sample(fc.array(commands, { minLength: LENGTH, maxLength: LENGTH }), { seed: SEED, numRuns: 1 })
    const world: World = newWorld()
    const statuses = new Map<number, number>()
    let sandboxed = 0
    for (const [index, command] of sequence.entries()) {
      const call = callFor(command, world)
      const fromServer = await sendToServer(call)
      const fromHandlers = await sendToHandlers(call)
      expect(fromHandlers.seen, `request ${index}: ${call.method} ${call.path} ${call.body ?? ''}`).toEqual(fromServer.seen)
      const { status } = fromServer.seen
      const { headers, text } = fromServer.raw
      const body = text && /json/.test(headers['content-type'] ?? '') ? JSON.parse(text) : text
      if (call.operationId) expectContract({ status, headers, body, text }, call.operationId)
      if (call.controlOperation) expectContract({ status, headers, body }, call.controlOperation, control)
      observe(world, command, call, status, body)
      if (command.kind === 'sandbox' && status === 201) {
        sandboxes.served.push(body)
        sandboxes.handlers.push(JSON.parse(fromHandlers.raw.text))
      }
      if (command.kind === 'sandboxDelete' && status === 204 && call.sandbox) for (const side of Object.values(sandboxes)) side.splice(call.sandbox.index, 1)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      if (call.sandbox?.keys && status === 200) sandboxed++
    }
    console.info(`MSW differential: ${LENGTH} requests, answers by status ${JSON.stringify(Object.fromEntries(statuses))}`)
    // the sequence reached the answers it is meant to compare, not only one kind
    for (const status of [200, 201, 202, 204, 400, 401, 404, 409]) expect(statuses.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(0)
    expect(sandboxed, 'requests answered inside a sandbox').toBeGreaterThan(0)
  })
})
