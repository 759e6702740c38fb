import { describe, expect, it } from 'vitest'
import { fixtureValidator } from './testing/fixture.js'

const contracts = await fixtureValidator()
const list = (query: Record<string, unknown>, headers?: Record<string, string>) => contracts.validateRequest('listCampaigns', { query, headers })
const create = (body: unknown, contentType = 'application/json') => contracts.validateRequest('createCampaign', { body, contentType })

describe('validateRequest: parameters', () => {
  it('coerces query strings to the declared types and applies defaults', () => {
    const { valid, values } = list({ page: '2', is_referral_code: 'false', expand: 'category,categories', campaign_status: ['ACTIVE', 'EXPIRED'] })
    expect(valid).toBe(true)
    expect(values.query).toEqual({ limit: 10, page: 2, is_referral_code: false, expand: ['category', 'categories'], campaign_status: ['ACTIVE', 'EXPIRED'] })
  })

  it('wraps a single exploded value into an array and keeps unknown query parameters', () => {
    expect(list({ campaign_status: 'ACTIVE', extra: 'x' }).values.query).toMatchObject({ campaign_status: ['ACTIVE'], extra: 'x' })
  })

  it('reports a value that does not convert, with the client value', () => {
    const { violations } = list({ limit: 'ten', is_referral_code: 'yes' })
    expect(violations).toEqual([
      { pointer: '/query/limit', keyword: 'type', message: 'must be integer', value: 'ten', schemaPath: '#/properties/limit/type', in: 'query' },
      { pointer: '/query/is_referral_code', keyword: 'type', message: 'must be boolean', value: 'yes', schemaPath: '#/properties/is_referral_code/type', in: 'query' },
    ])
  })

  it('checks limits after coercion', () => {
    expect(list({ limit: '101' }).violations).toMatchObject([{ pointer: '/query/limit', keyword: 'maximum', value: 101 }])
    expect(list({ campaign_status: 'BOGUS' }).violations).toMatchObject([{ pointer: '/query/campaign_status/0', keyword: 'enum' }])
  })

  it('reads a deepObject parameter nested (qs) or from flat keys, and coerces its leaves', () => {
    const expected = { junction: 'and', name: { conditions: { $in: ['a', 'b'] } }, vouchers_count: { conditions: { $more_than: 5 } } }
    const nested = list({ filters: { junction: 'and', name: { conditions: { $in: ['a', 'b'] } }, vouchers_count: { conditions: { $more_than: '5' } } } })
    const flat = list({ 'filters[junction]': 'and', 'filters[name][conditions][$in][]': ['a', 'b'], 'filters[vouchers_count][conditions][$more_than]': '5' })
    expect(nested).toMatchObject({ valid: true, values: { query: { filters: expected } } })
    expect(flat).toMatchObject({ valid: true, values: { query: { filters: expected } } })
    expect(Object.keys(flat.values.query).sort()).toEqual(['filters', 'limit'])
  })

  it('keeps a single value a string where the schema allows "a string or a list"', () => {
    const { values } = list({ 'filters[tag]': 'x', 'filters[ids][]': ['1', '2'] })
    expect(values.query.filters).toEqual({ tag: 'x', ids: [1, 2] })
  })

  it('points into a deepObject parameter', () => {
    const { violations } = list({ 'filters[junction]': 'xor', 'filters[vouchers_count][conditions][$more_than]': 'many' })
    expect(violations.map((v) => v.pointer)).toEqual(['/query/filters/junction', '/query/filters/vouchers_count/conditions/$more_than'])
  })

  it('matches header parameters case-insensitively and coerces them', () => {
    expect(list({}, { 'X-Trace-Depth': '3' }).values.headers).toEqual({ 'x-trace-depth': 3 })
    expect(list({}, { 'x-trace-depth': '-1' }).violations).toMatchObject([{ pointer: '/header/x-trace-depth', keyword: 'minimum', in: 'header' }])
  })

  it('requires path parameters and coerces them', () => {
    const ok = contracts.validateRequest('updateTier', { params: { campaignId: 'camp_1', tier: '2' }, body: { name: 't', validation_rules: [] } })
    expect(ok).toMatchObject({ valid: true, values: { params: { campaignId: 'camp_1', tier: 2 } } })
    const missing = contracts.validateRequest('updateTier', { params: { campaignId: 'camp_1' } })
    expect(missing.violations).toMatchObject([{ pointer: '/path/tier', keyword: 'required', in: 'path' }])
  })
})

describe('validateRequest: body', () => {
  it('accepts a valid body whatever the charset parameter', () => {
    const body = { name: 'Summer', campaign_type: 'DISCOUNT_COUPONS', voucher: { type: 'DISCOUNT_VOUCHER' } }
    expect(create(body, 'application/json; charset=utf-8')).toMatchObject({ valid: true, violations: [] })
  })

  it('reports the chosen discriminator branch, not "must match exactly one schema"', () => {
    const { violations } = create({ name: 'Ref', campaign_type: 'REFERRAL_PROGRAM', voucher: { type: 'DISCOUNT_VOUCHER' } })
    expect(violations).toMatchObject([{ pointer: '/body/voucher/discount', keyword: 'required', in: 'body' }])
  })

  it('reports an unknown discriminator value as an enum violation listing the values', () => {
    const { violations } = create({ name: 'x', campaign_type: 'BOGUS' })
    expect(violations).toEqual([expect.objectContaining({ pointer: '/body/campaign_type', keyword: 'enum', value: 'BOGUS', message: 'must be one of: "DISCOUNT_COUPONS", "REFERRAL_PROGRAM"' })])
    expect(create({ name: 'x' }).violations).toMatchObject([{ pointer: '/body/campaign_type', keyword: 'required' }])
  })

  it('rejects an undocumented content type and a missing required body', () => {
    expect(create({ name: 'x' }, 'text/plain').violations).toMatchObject([{ pointer: '/body', keyword: 'contentType', value: 'text/plain' }])
    expect(contracts.validateRequest('createCampaign', {}).violations).toMatchObject([{ pointer: '/body', keyword: 'required' }])
  })

  it('ignores readOnly properties in requests: not required, not checked', () => {
    const result = contracts.validateRequest('updateTier', { params: { campaignId: 'c', tier: '0' }, body: { id: 42, name: 't', validation_rules: ['r'] } })
    expect(result.violations).toEqual([])
  })

  it('coerces a form body to its declared types', () => {
    const result = contracts.validateRequest('createOAuthToken', { body: { grant_type: 'password', scope: 'api' }, contentType: 'application/x-www-form-urlencoded' })
    expect(result.violations).toMatchObject([{ pointer: '/body/grant_type', keyword: 'const', message: 'must be "client_credentials"' }])
  })

  it('ignores a body sent to an operation that takes none', () => {
    expect(contracts.validateRequest('getCampaign', { params: { campaignId: 'camp_1' }, body: {}, contentType: 'application/json' }).valid).toBe(true)
  })

  it('reports an unknown operation as a violation, not an exception', () => {
    expect(contracts.validateRequest('nope', {}).violations).toMatchObject([{ keyword: 'operationId' }])
  })
})
