import { describe, expect, it } from 'vitest'
import { sequentialIds } from '../../src/ids.js'
import { createPortableMock } from './portable.js'
import { expectContract } from '../testing/expect-contract.js'
import { sharedSpec } from '../testing/shared-spec.js'

const keys = { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' }
const get = (path: string) => new Request(`http://mock.test${path}`, { headers: keys })

describe('createPortableMock', () => {
  it('uses a compiled spec it is given (Node: the precompiled validators) and answers from the given fixtures', async () => {
    const spec = await sharedSpec()
    const fixtures = {
      projects: [{ id: 'proj_demo0001', name: 'Demo Project', created_at: '2026-01-01T00:00:00.000Z', object: 'project' }],
      categories: { proj_demo0001: [{ id: 'cat_only0001', name: 'Only', hierarchy: 1, created_at: '2026-01-01T00:00:00.000Z', object: 'category' }] },
    }
    const mock = await createPortableMock({ spec, fixtures, clock: 'manual', ids: sequentialIds() })
    expect(mock.control.deps.validator).toBe(spec.validator)
    const res = await mock.handle(get('/v1/campaigns'))
    const body = (await res.json()) as { campaigns: unknown[] }
    expectContract({ status: res.status, body, headers: Object.fromEntries(res.headers) }, 'listCampaigns', spec.validator)
    expect(body.campaigns).toEqual([])
  })

  it('refuses a broken fixture set before it starts, naming the part and the field', async () => {
    const spec = await sharedSpec()
    await expect(createPortableMock({ spec, fixtures: { projects: [{ id: 'nope' }] } })).rejects.toThrow(/projects\.json.*\[0\]/)
  })

  it('control.reset restores the fixtures and control.advance moves only this clock', async () => {
    const spec = await sharedSpec()
    const mock = await createPortableMock({ spec, clock: 'manual' })
    const count = async () => ((await (await mock.handle(get('/v1/campaigns?limit=100'))).json()) as { campaigns: unknown[] }).campaigns.length
    const before = await count()
    const created = await mock.handle(new Request('http://mock.test/v1/campaigns', {
      method: 'POST',
      headers: { ...keys, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Reset me', campaign_type: 'DISCOUNT_COUPONS', type: 'AUTO_UPDATE', voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } } }),
    }))
    expect(created.status).toBe(200)
    expect(await count()).toBe(before + 1)
    const at = mock.control.deps.clock.now()
    mock.control.advance(60_000)
    expect(mock.control.deps.clock.now()).toBe(at + 60_000)
    await mock.control.reset()
    expect(await count()).toBe(before)
  })
})
