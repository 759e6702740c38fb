import { describe, expect, it } from 'vitest'
import { fixtureValidator } from './testing/fixture.js'

const contracts = await fixtureValidator()
const json = { 'content-type': 'application/json; charset=utf-8' }
const campaign = { id: 'camp_1', object: 'campaign', name: 'Summer', campaign_type: 'DISCOUNT_COUPONS', created_at: '2026-01-15T09:00:00.000Z' }

describe('validateResponse', () => {
  it('accepts a documented status with a matching body', () => {
    expect(contracts.validateResponse('getCampaign', 200, campaign, json)).toEqual({ valid: true, violations: [] })
  })

  it('reports every problem of the body with pointers, values and keywords', () => {
    const { violations } = contracts.validateResponse('getCampaign', 200, { ...campaign, id: undefined, campaign_type: 'BOGUS', category_id: 'camp_2' }, json)
    expect(violations.map(({ pointer, keyword, value }) => ({ pointer, keyword, value }))).toEqual([
      { pointer: '/body/id', keyword: 'required', value: undefined },
      { pointer: '/body/campaign_type', keyword: 'enum', value: 'BOGUS' },
      { pointer: '/body/category_id', keyword: 'pattern', value: 'camp_2' },
    ])
  })

  it('flags an undocumented status, but uses ranges and default when documented', () => {
    expect(contracts.validateResponse('createCampaign', 500, {}, json).violations).toMatchObject([{ keyword: 'status', value: 500 }])
    expect(contracts.validateResponse('listCampaigns', 429, { code: 429, message: 'slow down' }, json).valid).toBe(true)
    expect(contracts.validateResponse('getCampaign', 503, { message: 'down' }, json).violations).toMatchObject([{ pointer: '/body/code', keyword: 'required' }])
  })

  it('checks the content type against the documented ones for the status', () => {
    expect(contracts.validateResponse('getExport', 200, 'id,amount\n', { 'content-type': 'text/csv' }).valid).toBe(true)
    expect(contracts.validateResponse('getExport', 200, '<xml/>', { 'content-type': 'application/xml' }).violations).toMatchObject([{ pointer: '/body', keyword: 'contentType' }])
    expect(contracts.validateResponse('deleteCampaign', 204, {}, {}).valid).toBe(true)
    expect(contracts.validateResponse('deleteCampaign', 204, { a: 1 }, json).violations).toMatchObject([{ keyword: 'contentType' }])
  })

  it('does not require writeOnly properties in responses', () => {
    const tier = { id: 'promo_1', name: 'Tier 1' }
    expect(contracts.validateResponse('updateTier', 200, tier, json).valid).toBe(true)
    expect(contracts.validateResponse('updateTier', 200, { name: 'Tier 1' }, json).violations).toMatchObject([{ pointer: '/body/id', keyword: 'required' }])
  })

  it('reports the branch a plain oneOf value was meant for (tag matched by const)', () => {
    const tier = contracts.validateResponse('getRedeemable', 200, { object: 'promotion_tier', id: 'promo_1', tier: 'one' }, json)
    expect(tier.violations).toMatchObject([{ pointer: '/body/tier', keyword: 'type' }])
    const voucher = contracts.validateResponse('getRedeemable', 200, { object: 'voucher', id: 'v_1' }, json)
    expect(voucher.violations).toMatchObject([{ pointer: '/body/code', keyword: 'required' }])
    expect(voucher.violations).toHaveLength(1)
  })

  it('follows recursive schemas', () => {
    const tier = { id: 'promo_1', name: 'child', parent: { id: 'rew_1', name: 'parent' } }
    expect(contracts.validateResponse('updateTier', 200, tier, json).violations).toMatchObject([{ pointer: '/body/parent/id', keyword: 'pattern' }])
  })

  it('parses JSON text bodies and checks documented headers', () => {
    const page = JSON.stringify({ object: 'list', data_ref: 'campaigns', campaigns: [campaign] })
    expect(contracts.validateResponse('listCampaigns', 200, page, { ...json, 'X-Total-Count': '1' }).valid).toBe(true)
    expect(contracts.validateResponse('listCampaigns', 200, page, { ...json, 'x-total-count': 'many' }).violations).toMatchObject([{ pointer: '/header/x-total-count', keyword: 'type', in: 'header' }])
  })

  it('truncates big offending values', () => {
    const { violations } = contracts.validateResponse('getCampaign', 200, { ...campaign, name: 'x'.repeat(1000), id: 'y'.repeat(1000) }, json)
    expect(String(violations[0].value).length).toBeLessThan(300)
  })
})

describe('validateSchema', () => {
  it('checks a component schema in the response view', () => {
    expect(contracts.validateSchema('Campaign', campaign).valid).toBe(true)
    expect(contracts.validateSchema('Campaign', { ...campaign, object: 'voucher' }).violations).toMatchObject([{ pointer: '/object', keyword: 'const' }])
    expect(contracts.validateSchema('Tier', { name: 'x' }, 'request').violations).toMatchObject([{ pointer: '/validation_rules', keyword: 'required' }])
    expect(contracts.validateSchema('Nope', {}).violations).toMatchObject([{ keyword: 'schema' }])
  })
})
