import { describe, expect, it } from 'vitest'
import { fixtureValidator } from './testing/fixture.js'

const contracts = await fixtureValidator()
const idOf = (match: ReturnType<typeof contracts.matchRoute>) => (match && 'operation' in match ? match.operation.operationId : match)

describe('matchRoute', () => {
  it('finds an operation by method and path template, with decoded params', () => {
    const match = contracts.matchRoute('get', '/v1/campaigns/camp_%C3%A9t%C3%A9')
    expect(match).toMatchObject({ operation: { operationId: 'getCampaign' }, params: { campaignId: 'camp_été' } })
  })

  it('prefers a literal segment over a parameter', () => {
    expect(idOf(contracts.matchRoute('GET', '/v1/campaigns/summary'))).toBe('getCampaignSummary')
    expect(idOf(contracts.matchRoute('DELETE', '/v1/campaigns/summary'))).toBe('deleteCampaign')
  })

  it('ignores the query string and one trailing slash', () => {
    expect(idOf(contracts.matchRoute('GET', '/v1/campaigns/?limit=5'))).toBe('listCampaigns')
  })

  it('answers methodNotAllowed with the allowed methods for a known path (HEAD wherever GET is)', () => {
    expect(contracts.matchRoute('PATCH', '/v1/campaigns')).toEqual({ methodNotAllowed: ['GET', 'POST', 'HEAD'] })
  })

  it('answers undefined for an unknown path', () => {
    expect(contracts.matchRoute('GET', '/v1/nothing')).toBeUndefined()
    expect(contracts.matchRoute('GET', '/v1/campaigns/a/b')).toBeUndefined()
  })

  it('lists operations with resolved parameters, bodies, responses and security', () => {
    const op = contracts.operation('listCampaigns')!
    expect(op).toMatchObject({ method: 'GET', path: '/v1/campaigns', security: [{ appId: [], appToken: [] }] })
    expect(op.parameters.find((p) => p.name === 'filters')).toMatchObject({ in: 'query', style: 'deepObject', explode: true })
    expect(op.parameters.find((p) => p.name === 'X-Trace-Depth')).toMatchObject({ in: 'header', required: false, style: 'simple' })
    expect(Object.keys(op.responses)).toEqual(['200', '4XX'])
    expect(contracts.operation('createOAuthToken')!.requestBody).toMatchObject({ required: true, contentTypes: ['application/x-www-form-urlencoded'] })
    expect('/v1/campaigns/camp_1/tiers/3').toMatch(contracts.operation('updateTier')!.pathPattern)
  })
})
