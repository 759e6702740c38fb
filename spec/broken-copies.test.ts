import { describe, expect, it } from 'vitest'
import { loadSpec } from '../src/spec/load-spec.js'
import { createContractValidator } from '../src/validation/validator.js'
import type { Violation } from '../src/validation/violations.js'

type Json = any
const doc = (await loadSpec()) as Json
const contracts = createContractValidator(doc)

/** A deep copy of a named example of a request body or a response (each test breaks its own copy). */
function example(path: string, method: string, where: 'request' | string, name?: string): Json {
  const op = doc.paths[path][method]
  const media = where === 'request' ? op.requestBody.content['application/json'] : op.responses[where].content['application/json']
  const examples = media.examples as Record<string, { value: Json }>
  return structuredClone(name ? examples[name].value : Object.values(examples)[0].value)
}

const campaign = () => example('/v1/campaigns/{campaignId}', 'get', '200')
const campaignResponse = (body: Json) => contracts.validateResponse('getCampaign', 200, body, { 'content-type': 'application/json' })
const createCampaign = (body: Json) => contracts.validateRequest('createCampaign', { body, contentType: 'application/json' })
const validation = () => example('/v1/validations', 'post', 'request')
const validateStacked = (body: Json) => contracts.validateRequest('validateStackedDiscounts', { body, contentType: 'application/json' })
const at = (violations: Violation[]) => violations.map(({ pointer, keyword }) => ({ pointer, keyword }))

describe('broken copies of valid examples', () => {
  it('starts from valid examples', () => {
    expect(campaignResponse(campaign()).violations).toEqual([])
    expect(createCampaign(example('/v1/campaigns', 'post', 'request', 'referralProgram')).violations).toEqual([])
    expect(validateStacked(validation()).violations).toEqual([])
  })

  it('rejects a Campaign without its required id', () => {
    const body = campaign()
    delete body.id
    expect(at(campaignResponse(body).violations)).toEqual([{ pointer: '/body/id', keyword: 'required' }])
    expect(at(contracts.validateSchema('Campaign', body).violations)).toEqual([{ pointer: '/id', keyword: 'required' }])
  })

  it('rejects an unknown campaign_type, in a response and in a create request', () => {
    const body = { ...campaign(), campaign_type: 'BOGUS' }
    expect(campaignResponse(body).violations).toMatchObject([{ pointer: '/body/campaign_type', keyword: 'enum', value: 'BOGUS' }])
    const request = { ...example('/v1/campaigns', 'post', 'request', 'discountCoupons'), campaign_type: 'BOGUS' }
    expect(createCampaign(request).violations).toMatchObject([{ pointer: '/body/campaign_type', keyword: 'enum', value: 'BOGUS', in: 'body' }])
  })

  it('rejects a campaign id with the wrong prefix', () => {
    const body = { ...campaign(), id: 'cat_0b6152ce12414820dc' }
    expect(at(campaignResponse(body).violations)).toEqual([{ pointer: '/body/id', keyword: 'pattern' }])
  })

  it('rejects 31 redeemables (the real service limit; the mock itself refuses a sixth unless --max-redeemables)', () => {
    const body = validation()
    body.redeemables = Array.from({ length: 31 }, (_, i) => ({ object: 'voucher', id: `CODE-${i}` }))
    expect(at(validateStacked(body).violations)).toEqual([{ pointer: '/body/redeemables', keyword: 'maxItems' }])
  })

  it('rejects 2 promotion stacks', () => {
    const body = validation()
    body.redeemables = [{ object: 'promotion_stack', id: 'stack_1' }, { object: 'promotion_stack', id: 'stack_2' }]
    expect(at(validateStacked(body).violations)).toEqual([{ pointer: '/body/redeemables', keyword: 'maxContains' }])
  })

  it('rejects a category with hierarchy -1', () => {
    const body = { ...example('/v1/categories', 'post', 'request'), hierarchy: -1 }
    const { violations } = contracts.validateRequest('createCategory', { body, contentType: 'application/json' })
    expect(violations).toMatchObject([{ pointer: '/body/hierarchy', keyword: 'minimum', value: -1 }])
  })

  it('rejects listCampaigns limit 101', () => {
    const { violations } = contracts.validateRequest('listCampaigns', { query: { limit: '101' } })
    expect(violations).toMatchObject([{ pointer: '/query/limit', keyword: 'maximum', value: 101, in: 'query' }])
  })

  it('rejects a referral campaign without voucher.discount, naming the missing field', () => {
    const body = example('/v1/campaigns', 'post', 'request', 'referralProgram')
    delete body.voucher.discount
    expect(at(createCampaign(body).violations)).toEqual([{ pointer: '/body/voucher/discount', keyword: 'required' }])
  })

  it('rejects an Error body without code', () => {
    const body = example('/v1/campaigns/{campaignId}', 'get', '404')
    delete body.code
    const { violations } = contracts.validateResponse('getCampaign', 404, body, { 'content-type': 'application/json' })
    expect(at(violations)).toEqual([{ pointer: '/body/code', keyword: 'required' }])
  })
})
