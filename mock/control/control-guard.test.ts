import express from 'express'
import supertest from 'supertest'
import { describe, expect, it } from 'vitest'
import { createPortableMock } from '../adapters/portable.js'
import { createTestApp, MOUNTS } from '../testing/index.js'

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
    await request.post('/_mock/sandboxes').set('Content-Type', 'application/json').expect(201)
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

  it('refuses a simple POST from a browser even from its own pages, and takes JSON or an X- header', async () => {
    const { request } = await createTestApp()
    const own = { Host: 'localhost:4010', Origin: 'http://localhost:4010' }
    const simple = await request.post('/_mock/jobs/finish').set({ ...own, 'Content-Type': 'application/x-www-form-urlencoded' }).send('a=1')
    const withHeader = await request.post('/_mock/jobs/finish').set({ ...own, 'X-Requested-With': 'fetch' })
    const json = await request.post('/_mock/clock/advance').set(own).send({ ms: 1 })

    expect(simple.status).toBe(403)
    expect(simple.body.details).toMatch(/Content-Type: application\/json .* or an X- header/)
    expect([withHeader.status, json.status]).toEqual([200, 200])
  })
})

describe('control plane: simple requests that change the mock, from any client', () => {
  for (const [mount, http] of MOUNTS) {
    it(`${mount}: a POST, PUT or DELETE with neither a JSON content type nor an X- header is a 403 that changes nothing`, async () => {
      const t = await createTestApp()
      await http(t).post('/_mock/clock/advance').send({ ms: 60_000 }).expect(200)
      await http(t).post('/_mock/faults').send({ operationId: 'listCampaigns', action: 'status', status: 503 }).expect(201)
      const state = async () => [(await http(t).get('/_mock/clock')).body.now, (await http(t).get('/_mock/faults')).body.faults.length, t.deps.sandboxes.size, (await http(t).get('/_mock/latency')).body.defaultMs]
      const before = await state()
      // what curl sends with no -H, a proxy's own headers, and a text body
      const refused = await Promise.all([
        http(t).post('/_mock/reset'),
        http(t).post('/_mock/sandboxes').set('X-Forwarded-For', '10.0.0.1'),
        http(t).delete('/_mock/faults'),
        http(t).put('/_mock/latency').set('Content-Type', 'text/plain').send('{"ms":500}'),
      ])

      expect(refused.map((res) => res.status)).toEqual([403, 403, 403, 403])
      expect(refused[0].body).toMatchObject({ code: 403, key: 'forbidden' })
      expect(refused[0].body.details).toContain("curl -X POST -H 'Content-Type: application/json'")
      expect(refused[2].body.details).toContain('A DELETE to the control plane must send Content-Type: application/json (with a JSON body or none) or an X- header such as X-Promokit-Control-Token')
      expect(await state()).toEqual(before)
      expect(before).toEqual(['2026-01-15T09:01:00.000Z', 1, 0, 0])
    })

    it(`${mount}: the same calls with a JSON content type (body or none) or an X- header go through, and reads need neither`, async () => {
      const t = await createTestApp()
      await http(t).post('/_mock/clock/advance').send({ ms: 60_000 }).expect(200)
      await http(t).post('/_mock/faults').send({ operationId: 'listCampaigns', action: 'status', status: 503 }).expect(201)

      const cleared = await http(t).delete('/_mock/faults').set('Content-Type', 'application/json')
      const created = await http(t).post('/_mock/sandboxes').set('X-Requested-With', 'curl')
      const dropped = await http(t).delete(`/_mock/sandboxes/${created.body.id}`).set('X-Promokit-Control-Token', 'any (none is needed on loopback)')
      const latency = await http(t).put('/_mock/latency').set('Content-Type', 'application/json; charset=utf-8').send('{"ms":5}')
      const reset = await http(t).post('/_mock/reset').set('Content-Type', 'application/json')
      const read = await http(t).get('/_mock/clock')

      expect([cleared.status, created.status, dropped.status, latency.status, reset.status, read.status]).toEqual([200, 201, 204, 200, 200, 200])
      expect(read.body.now).toBe('2026-01-15T09:00:00.000Z')
      expect(t.deps.faults.list()).toEqual([])
      expect(t.deps.sandboxes.size).toBe(0)
    })
  }
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
