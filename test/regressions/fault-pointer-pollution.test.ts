import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp } from '../../mock/testing/index.js'

// A drop/set fault walks its pointer through the response body; `/__proto__/x` used to write onto Object.prototype.
describe('fault pointers from /_mock/faults', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).polluted
  })

  it.each(['/__proto__/polluted', '/constructor/prototype/polluted', '/campaigns/0/__proto__/polluted'])(
    'refuses %s with a 400 naming the pointer, and nothing reaches Object.prototype',
    async (pointer) => {
      const { request, headers } = await createTestApp()
      const added = await request.post('/_mock/faults').send({ operationId: 'listCampaigns', action: 'set', pointer, value: 1 })
      const listed = await request.get('/v1/campaigns').set(headers.app)

      expect(added.status).toBe(400)
      expect(added.body.details).toMatch(/^pointer: .* may not appear in a pointer/)
      expect(listed.status).toBe(200)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect((await request.get('/_mock/faults')).body.faults).toHaveLength(0)
    },
  )

  it('still accepts ordinary pointers with escaped tokens', async () => {
    const { request } = await createTestApp()
    const added = await request.post('/_mock/faults').send({ operationId: 'listCampaigns', action: 'drop', pointer: '/a~1b/c~0d' })

    expect(added.status).toBe(201)
  })
})
