import { PassThrough } from 'node:stream'
import supertest from 'supertest'
import { describe, expect, it } from 'vitest'
import { createMockApp } from './express-app.js'
import { createLogger, redactUrl } from './logging.js'
import { createTestApp } from '../testing/index.js'

describe('request logs', () => {
  it('log one line per request with the request id and operationId, and never a secret', async () => {
    const sink = new PassThrough()
    let output = ''
    sink.on('data', (chunk) => (output += chunk))
    const { deps, headers } = await createTestApp()
    deps.logger = createLogger('info', sink)
    const app = createMockApp(deps)

    const issued = await supertest(app).post('/v1/oauth/token').set(headers.app).type('form').send({ grant_type: 'client_credentials', scope: 'api categories' })
    await supertest(app).post('/v1/categories').set('Authorization', `Bearer ${issued.body.access_token}`).send({ name: 'Logged', hierarchy: 1 })
    await supertest(app).get('/v1/exports/exp_x?token=download-secret')
    await new Promise((resolve) => setImmediate(resolve))

    const lines = output.trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>)
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatchObject({ operationId: 'createCategory', res: { statusCode: 200 } })
    expect(lines[1].req.id).toMatch(/^v-/)
    expect(output).not.toContain('promokit-app-token')
    expect(output).not.toContain(issued.body.access_token)
    expect(output).not.toContain('download-secret')
    expect(output).toContain('[redacted]')
  })

  it('redacts the download token from logged URLs', () => {
    expect(redactUrl('/v1/exports/exp_1?token=abc&x=1')).toBe('/v1/exports/exp_1?token=[redacted]&x=1')
  })
})
