import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { withJsonText } from '../../engine/pipeline/json-text.js'
import type { CampaignListPage } from './campaign-list.js'
import { PageCache, pageText } from './page-cache.js'

// arbitrary JSON objects stand in for campaign views: pageText must not depend on what a view holds
const page = (campaigns: object[], total = campaigns.length) => ({ object: 'list', data_ref: 'campaigns', campaigns, total }) as unknown as CampaignListPage

describe('pageText', () => {
  it('writes exactly what JSON.stringify writes, with kept view texts spliced in', () => {
    const view = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }))
    fc.assert(
      fc.property(fc.array(fc.tuple(view, fc.boolean()), { maxLength: 12 }), fc.nat(), (views, total) => {
        const campaigns = views.map(([v, kept]) => (kept ? withJsonText(structuredClone(v)) : v))
        expect(pageText(page(campaigns, total))).toBe(JSON.stringify(page(campaigns, total)))
      }),
    )
  })
})

describe('PageCache', () => {
  const builder = () => {
    let builds = 0
    const build = () => (builds++, page([{ id: `camp_${builds}` }]))
    return { build, builds: () => builds }
  }

  it('keeps a page asked again soon: a polled list is built twice, then served as kept', () => {
    const cache = new PageCache(3)
    const { build, builds } = builder()
    const first = cache.get({ limit: 10 }, 0, build)
    const second = cache.get({ limit: 10 }, 0, build)
    const third = cache.get({ limit: 10 }, 0, build)
    expect(builds()).toBe(2)
    expect(third).toBe(second)
    expect(Object.isFrozen(third.page)).toBe(true)
    expect(third.text).toBe(JSON.stringify(third.page))
    expect(Object.isFrozen(first.page)).toBe(false)
  })

  it('keeps nothing from a run of distinct queries longer than its capacity, and builds each again', () => {
    const cache = new PageCache(3)
    const { build, builds } = builder()
    const queries = [1, 2, 3, 4, 5].map((page) => ({ page }))
    for (let round = 0; round < 3; round++) for (const q of queries) cache.get(q, 0, build)
    expect(builds()).toBe(15)
    expect(Object.isFrozen(cache.get({ page: 1 }, 0, build).page)).toBe(false)
  })

  it('forgets kept pages and asks when the campaigns change', () => {
    const cache = new PageCache(3)
    const { build, builds } = builder()
    cache.get({}, 0, build)
    cache.get({}, 0, build)
    cache.changed()
    const after = cache.get({}, 0, build)
    expect(builds()).toBe(3)
    expect(after.page.campaigns).toEqual([{ id: 'camp_3' }])
  })
})
