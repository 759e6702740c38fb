import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'

describe('POST /v1/categories', () => {
  it('creates a category in the caller project', async () => {
    const { request, headers, clock, deps } = await createTestApp()
    const res = await request.post('/v1/categories').set(headers.app).send({ name: 'Seasonal', hierarchy: 2 })

    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'Seasonal', hierarchy: 2, object: 'category', created_at: new Date(clock.now()).toISOString() })
    expect(res.body.id).toMatch(/^cat_/)
    expectContract(res, 'createCategory')
    expect(deps.projects.get('proj_demo0001')?.categories.get(res.body.id).name).toBe('Seasonal')
  })

  it('accepts hierarchy 0', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.post('/v1/categories').set(headers.app).send({ name: 'Top', hierarchy: 0 })

    expect(res.status).toBe(200)
    expectContract(res, 'createCategory')
  })

  it.each([
    ['a negative hierarchy', { name: 'x', hierarchy: -1 }, /hierarchy: must be >= 0/],
    ['no name', { hierarchy: 1 }, /'name'/],
    ['no hierarchy', { name: 'x' }, /'hierarchy'/],
    ['a string hierarchy', { name: 'x', hierarchy: 'high' }, /hierarchy: must be integer/],
  ])('rejects %s with 400 invalid_payload', async (_case, body, details) => {
    const { request, headers } = await createTestApp()
    const res = await request.post('/v1/categories').set(headers.app).send(body)

    expect(res.status).toBe(400)
    expect(res.body.key).toBe('invalid_payload')
    expect(res.body.details).toMatch(details)
    expectContract(res, 'createCategory')
  })

  it('keeps projects apart: project B does not see project A categories', async () => {
    const { request, headers, deps } = await createTestApp()
    const res = await request.post('/v1/categories').set(headers.app).send({ name: 'Only A', hierarchy: 1 })

    expect(deps.projects.get('proj_demo0002')?.categories.find(res.body.id)).toBeUndefined()
    expect(deps.projects.get('proj_demo0002')?.categories.findByName('Only A')).toBeUndefined()
  })
})
