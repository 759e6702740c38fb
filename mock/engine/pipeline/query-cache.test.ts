import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'
import { ValidQueryCache } from './query-cache.js'

describe('ValidQueryCache', () => {
  it('gives each hit its own copy and keeps only all-primitive values', () => {
    const cache = new ValidQueryCache()
    cache.remember('listCampaigns', 'limit=10', { limit: 10, page: 1 })
    const first = cache.get('listCampaigns', 'limit=10')!
    first.limit = 99
    expect(cache.get('listCampaigns', 'limit=10')).toEqual({ limit: 10, page: 1 })
    expect(cache.get('listCampaigns', 'limit=11')).toBeUndefined()
    expect(cache.get('listVouchers', 'limit=10')).toBeUndefined()
    cache.remember('listCampaigns', 'expand=category', { expand: ['category'] })
    expect(cache.get('listCampaigns', 'expand=category')).toBeUndefined()
  })

  it('stays within its capacity', () => {
    const cache = new ValidQueryCache(2)
    for (let i = 0; i < 5; i++) cache.remember('op', `n=${i}`, { n: i })
    expect(cache.get('op', 'n=4')).toEqual({ n: 4 })
    expect(cache.get('op', 'n=0')).toBeUndefined()
  })
})

describe('a repeated query string', () => {
  it('answers as the first time, coerced, even after a handler changed its own query', async () => {
    const seen: unknown[] = []
    const t = await createTestApp({
      handlers: {
        listCampaigns: ({ query }, { project }) => {
          seen.push({ ...query })
          const page = project.campaigns.list(query)
          Object.assign(query, { limit: 'changed by the handler' })
          return { status: 200, body: page }
        },
      },
    })
    for (let i = 0; i < 3; i++) {
      const res = await t.request.get('/v1/campaigns?limit=1&page=2').set(t.headers.app)
      expectContract(res, 'listCampaigns')
      expect(res.body.campaigns).toHaveLength(1)
    }
    expect(seen).toEqual([{ limit: 1, page: 2 }, { limit: 1, page: 2 }, { limit: 1, page: 2 }])
    const bad = await t.request.get('/v1/campaigns?limit=500').set(t.headers.app)
    expect(bad.status).toBe(400)
    expect((await t.request.get('/v1/campaigns?limit=500').set(t.headers.app)).status).toBe(400)
  })
})
