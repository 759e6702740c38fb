import express from 'express'
import supertest from 'supertest'
import { describe, expect, it } from 'vitest'
import { createPortableMock } from '../adapters/portable.js'
import { createTestApp } from '../testing/index.js'

const EVIL = 'http://evil.example'

describe('control plane: other origins (default flags)', () => {
  it('refuses to be read from another origin, with no CORS header, while /v1 still answers it with credentials', async () => {
    const { request, headers } = await createTestApp()
    const state = await request.get('/_mock/state').set('Origin', EVIL)
    const api = await request.get('/v1/campaigns?limit=1').set(headers.app).set('Origin', EVIL)

    expect(state.status).toBe(403)
    expect(state.body).toMatchObject({ code: 403, key: 'forbidden' })
    expect(state.body.details).toMatch(/Origin http:\/\/evil\.example may not use the control plane/)
    expect(state.headers['access-control-allow-origin']).toBeUndefined()
    expect(api.status).toBe(200)
    expect(api.headers['access-control-allow-origin']).toBe(EVIL)
    expect(api.headers['access-control-allow-credentials']).toBe('true')
  })

  it('answers no preflight of another origin (the browser then sends nothing), but still the API\'s', async () => {
    const { request } = await createTestApp()
    const preflight = (path: string) => request.options(path).set({ Origin: EVIL, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' })
    const control = await preflight('/_mock/reset')
    const api = await preflight('/v1/campaigns')

    expect(control.status).toBe(403)
    expect(control.headers['access-control-allow-origin']).toBeUndefined()
    expect(api.status).toBe(204)
    expect(api.headers['access-control-allow-origin']).toBe(EVIL)
  })

  it('ignores blind no-cors requests from another page: reset, sandbox creation and faults change nothing', async () => {
    const { request, deps } = await createTestApp()
    await request.post('/_mock/sandboxes').expect(201)
    const blind = { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Content-Type': 'text/plain' }
    const answers = await Promise.all([
      request.post('/_mock/reset').set(blind).send('x'),
      request.post('/_mock/sandboxes').set(blind).send('x'),
      request.post('/_mock/clock/advance').set(blind).send('{"ms":1000}'),
    ])

    expect(answers.map((res) => res.status)).toEqual([403, 403, 403])
    expect(deps.sandboxes.list()).toHaveLength(1)
    expect((await request.get('/_mock/clock')).body.now).toBe('2026-01-15T09:00:00.000Z')
  })

  it('reads Sec-Fetch-Site and Referer when there is no Origin, and lets a link to the console open it', async () => {
    const { request } = await createTestApp()
    const script = await request.get('/_mock/state').set({ 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'script' })
    const referred = await request.get('/_mock/sandboxes').set('Referer', `${EVIL}/page`)
    const framed = await request.get('/_mock/ui').set({ 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe' })
    const link = await request.get('/_mock/ui').set({ 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' })

    expect([script.status, referred.status, framed.status]).toEqual([403, 403, 403])
    expect(link.status).toBe(200)
  })

  it('refuses a simple POST from a browser even from its own pages, and takes JSON, an X- header or a non-browser client', async () => {
    const { request } = await createTestApp()
    const own = { Host: 'localhost:4010', Origin: 'http://localhost:4010' }
    const simple = await request.post('/_mock/jobs/finish').set({ ...own, 'Content-Type': 'application/x-www-form-urlencoded' }).send('a=1')
    const withHeader = await request.post('/_mock/jobs/finish').set({ ...own, 'X-Requested-With': 'fetch' })
    const json = await request.post('/_mock/clock/advance').set(own).send({ ms: 1 })
    const curl = await request.post('/_mock/jobs/finish')
    // Node's fetch says `sec-fetch-mode: cors` (and nothing else a browser says)
    const nodeFetch = await request.post('/_mock/jobs/finish').set('Sec-Fetch-Mode', 'cors')

    expect(simple.status).toBe(403)
    expect(nodeFetch.status).toBe(200)
    expect(simple.body.details).toMatch(/Content-Type: application\/json or an X- header/)
    expect([withHeader.status, json.status, curl.status]).toEqual([200, 200, 200])
  })
})

describe('control plane: --control-origin', () => {
  it('lets a listed origin read and drive it (CORS with credentials, preflight answered) and no other', async () => {
    const { request } = await createTestApp({ config: { controlOrigins: ['http://localhost:5173'] } })
    const read = await request.get('/_mock/state?counts=true').set('Origin', 'http://localhost:5173')
    const preflight = await request.options('/_mock/reset').set({ Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-requested-with' })
    const other = await request.get('/_mock/state?counts=true').set('Origin', 'http://localhost:5174')

    expect(read.status).toBe(200)
    expect(read.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    expect(read.headers['access-control-allow-credentials']).toBe('true')
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-methods']).toContain('POST')
    expect(other.status).toBe(403)
  })
})

describe('control plane: Host allow-list (DNS rebinding)', () => {
  it('answers loopback names, IP addresses and allowed hosts, and refuses any other name on /_mock and the console only', async () => {
    const { request, headers } = await createTestApp({ config: { allowedHosts: ['mock.test', '.dev.example'] } })
    const status = async (host: string, path = '/_mock/clock') => (await request.get(path).set('Host', host).set(headers.app)).status

    expect(await status('attacker.example')).toBe(403)
    expect(await status('attacker.example', '/_mock/ui')).toBe(403)
    expect(await status('attacker.example', '/v1/campaigns?limit=1')).toBe(200)
    const allowed = ['localhost:4010', 'app.localhost', '127.0.0.1:4010', '192.168.1.20:4010', '[::1]:4010', 'mock.test', 'dev.example', 'a.dev.example:80']
    for (const host of allowed) expect([host, await status(host)]).toEqual([host, 200])
    expect(await status('mock.test.attacker.example')).toBe(403)
  })
})

describe('control plane: bound beyond loopback', () => {
  it('generates a token that every control call needs, and hands it to the console page opened with it', async () => {
    const { request, deps, headers } = await createTestApp({ config: { host: '0.0.0.0' } })
    const token = deps.config.controlToken as string
    const without = await request.get('/_mock/state?counts=true')
    const wrong = await request.get('/_mock/state?counts=true').set('X-Promokit-Control-Token', `${token}x`)
    const right = await request.get('/_mock/state?counts=true').set('X-Promokit-Control-Token', token)
    const bearer = await request.post('/_mock/jobs/finish').set('Authorization', `Bearer ${token}`)
    const page = await request.get(`/_mock/ui?token=${token}`)
    const pageWithout = await request.get('/_mock/ui')
    const asset = await request.get('/_mock/ui/assets/console.js')
    const api = await request.get('/v1/campaigns?limit=1').set(headers.app)

    expect(token).toMatch(/^[0-9a-f]{32}$/)
    expect([without.status, wrong.status, pageWithout.status]).toEqual([401, 401, 401])
    expect(without.body.details).toMatch(/X-Promokit-Control-Token/)
    expect([right.status, bearer.status, page.status, asset.status, api.status]).toEqual([200, 200, 200, 200, 200])
    expect(page.text).toContain(token)
    expect(page.headers['x-frame-options']).toBe('DENY')
  })

  it('needs no token on loopback unless one is given', async () => {
    const loopback = await createTestApp()
    const given = await createTestApp({ config: { controlToken: 'secret-1' } })

    expect(loopback.deps.config.controlToken).toBeUndefined()
    expect((await loopback.request.get('/_mock/clock')).status).toBe(200)
    expect((await given.request.get('/_mock/clock')).status).toBe(401)
    expect((await given.request.get('/_mock/clock').set('X-Promokit-Control-Token', 'secret-1')).status).toBe(200)
  })
})

describe('control plane: embedded uses', () => {
  it('guards the Express mount under a host app as the served listener', async () => {
    const { deps, app } = await createTestApp()
    const host = express().use('/api', app)
    const own = await supertest(host).post('/api/_mock/reset').set('Content-Type', 'application/json')
    const evil = await supertest(host).post('/api/_mock/reset').set({ Origin: EVIL, 'Content-Type': 'text/plain' }).send('x')

    expect(deps.config.controlToken).toBeUndefined()
    expect(own.status).toBe(200)
    expect(evil.status).toBe(403)
  })

  it('leaves the in-process core (MSW, portable) unguarded: only its own process or page can reach it', async () => {
    const mock = await createPortableMock({ clock: 'manual' })
    const res = await mock.handle(new Request('http://127.0.0.1:4010/_mock/jobs/finish', { method: 'POST', headers: { Origin: 'http://localhost:5173', Host: 'api.example' } }))

    expect(res.status).toBe(200)
  })
})
