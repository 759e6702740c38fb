import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'

// Issue 13 item 6 / issue 16 item 7: the category pickers of a UI read them back.
describe('GET /v1/categories and /v1/categories/{categoryId}', () => {
  it('lists every category of the project, lowest hierarchy first, including one just created', async () => {
    const { request, headers } = await createTestApp()
    const created = await request.post('/v1/categories').set(headers.app).send({ name: 'Top', hierarchy: 0 })
    const res = await request.get('/v1/categories').set(headers.app)
    expectContract(res, 'listCategories')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'list', data_ref: 'data', total: res.body.data.length })
    expect(res.body.data[0]).toEqual(created.body)
    const hierarchies = res.body.data.map((c: { hierarchy: number }) => c.hierarchy)
    expect(hierarchies).toEqual([...hierarchies].sort((a, b) => a - b))
    expect(res.body.data.map((c: { id: string }) => c.id)).toContain('cat_demo0001')
  })

  it("shows only the caller's project", async () => {
    const { request, headers } = await createTestApp()
    await request.post('/v1/categories').set(headers.appB).send({ name: 'Only in B', hierarchy: 4 })
    const a = await request.get('/v1/categories').set(headers.app)
    expect(a.body.data.map((c: { name: string }) => c.name)).not.toContain('Only in B')
    const b = await request.get('/v1/categories').set(headers.appB)
    expectContract(b, 'listCategories')
    expect(b.body.data.map((c: { name: string }) => c.name)).toContain('Only in B')
    expect(b.body.data.map((c: { id: string }) => c.id)).not.toContain('cat_demo0001')
  })

  it('reads one category by id, and answers 404 not_found for an unknown one or another project\'s', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.get('/v1/categories/cat_demo0001').set(headers.app)
    expectContract(res, 'getCategory')
    expect(res.body).toEqual({ id: 'cat_demo0001', name: 'Seasonal sales', hierarchy: 1, created_at: '2026-01-02T09:00:00.000Z', object: 'category' })
    for (const [creds, id] of [[headers.app, 'cat_nope'], [headers.appB, 'cat_demo0001']] as const) {
      const missing = await request.get(`/v1/categories/${id}`).set(creds)
      expectContract(missing, 'getCategory')
      expect(missing.status).toBe(404)
      expect(missing.body).toMatchObject({ key: 'not_found', resource_type: 'category', resource_id: id })
    }
  })
})
