import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Transport, describeTransportError, sendOnce } from './http-transport.js'
import { closedPort } from './testing/test-servers.js'

let server: Server
let url: string
const transport = new Transport()

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      if (req.url === '/gzip') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        return res.end(gzipSync(JSON.stringify({ compressed: true })))
      }
      if (req.url === '/raw') return res.writeHead(200, 'Fine', ['Set-Cookie', 'a=1', 'set-cookie', 'b=2']).end(JSON.stringify(req.rawHeaders))
      if (req.url === '/redirect') return res.writeHead(302, { location: '/elsewhere' }).end()
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 200)
      res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'], 'x-seen-length': String(req.headers['content-length'] ?? ''), 'x-seen-url': req.url ?? '' })
      res.end(JSON.stringify({ method: req.method, body }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  transport.close()
  await new Promise((resolve) => server.close(resolve))
})

describe('Transport', () => {
  it('sends the method, headers and body (with its length in bytes) and answers status, lower-case headers and text', async () => {
    const res = await transport.send({ method: 'POST', url: `${url}/echo`, headers: { 'content-type': 'application/json' }, body: '{"name":"é"}' }, 2_000)
    expect(res.status).toBe(201)
    expect(JSON.parse(res.text)).toEqual({ method: 'POST', body: '{"name":"é"}' })
    expect(res.headers['x-seen-length']).toBe('13')
    expect(res.headers['set-cookie']).toBe('a=1, b=2')
  })

  it('decodes a compressed answer and does not follow redirects (a 3xx is an answer to check)', async () => {
    expect(JSON.parse((await transport.send({ method: 'GET', url: `${url}/gzip`, headers: {} }, 2_000)).text)).toEqual({ compressed: true })
    const redirect = await transport.send({ method: 'GET', url: `${url}/redirect`, headers: {} }, 2_000)
    expect([redirect.status, redirect.headers.location]).toEqual([302, '/elsewhere'])
  })

  it('sends to the path and query of the URL, with the Host of its origin, and its credentials as Basic auth', async () => {
    const target = new URL(url)
    const res = await transport.send({ method: 'GET', url: `http://us%40r:p%3Ass@${target.host}/raw`, headers: {} }, 2_000)
    const seen: string[] = JSON.parse(res.text)
    const header = (name: string): string | undefined => seen[seen.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === name) + 1]
    expect(header('host')).toBe(target.host)
    expect(header('authorization')).toBe(`Basic ${Buffer.from('us@r:p:ss').toString('base64')}`)
    const query = await transport.send({ method: 'GET', url: `${url}/echo?a=1&b=%20#fragment`, headers: {} }, 2_000)
    expect(query.headers['x-seen-url']).toBe('/echo?a=1&b=%20')
  })

  it('exchange: the request header list as given (repeats, case) plus a Host; the answer as it came (raw header list, undecoded body)', async () => {
    const raw = await transport.exchange({ method: 'GET', url: `${url}/raw`, headers: ['X-Tag', 'a', 'x-tag', 'b'] }, 2_000)
    expect([raw.status, raw.statusText]).toEqual([200, 'Fine'])
    expect(raw.rawHeaders.slice(0, 4)).toEqual(['Set-Cookie', 'a=1', 'set-cookie', 'b=2'])
    expect(JSON.parse(raw.body.toString())).toEqual(expect.arrayContaining(['host', new URL(url).host, 'X-Tag', 'a', 'x-tag', 'b']))
    const zipped = await transport.exchange({ method: 'GET', url: `${url}/gzip`, headers: [] }, 2_000)
    expect(zipped.body).toEqual(gzipSync(JSON.stringify({ compressed: true })))
  })

  it('gives up after its timeout, and names a refused connection by its code', async () => {
    const late = await sendOnce({ method: 'GET', url: `${url}/slow`, headers: {} }, 50).catch((error: unknown) => error)
    expect(describeTransportError(late, 50)).toBe('no answer within 50 ms')
    const refused = await sendOnce({ method: 'GET', url: `http://127.0.0.1:${await closedPort()}/`, headers: {} }, 2_000).catch((error: unknown) => error)
    expect(describeTransportError(refused, 2_000)).toMatch(/ECONNREFUSED/)
  })
})
