import supertest from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { toIso } from '../../../src/clock.js'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

interface Listed { id: string; code: string; campaign: string; type: string; created_at: string; updated_at: string | null }

/**
 * Two campaigns, one minute apart, each generating at 1 code/ms: Alpha (4 discount codes, category
 * Food) and Beta (3 gift cards). A customer holds one Alpha code; one Beta card was redeemed later.
 */
let t: TestApp
let t0: number
let holder: string

beforeAll(async () => {
  t = await createTestApp({ seeder: () => {}, config: { generationRate: 1000 } })
  t0 = t.clock.now()
  const food = await t.request.post('/v1/categories').set(t.headers.app).send({ name: 'Food', hierarchy: 1 })
  await create({
    name: 'Alpha', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 4, category_id: food.body.id,
    voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, code_config: { pattern: 'A-####' } },
  })
  t.clock.advance(60_000)
  await create({
    name: 'Beta', campaign_type: 'GIFT_VOUCHERS', vouchers_count: 3,
    voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1000 }, code_config: { pattern: 'B-####' } },
  })
  t.clock.advance(60_000)
  const project = t.deps.projects.get('proj_demo0001')!
  holder = project.customers.upsert({ source_id: 'alice' }).id
  project.vouchers.setHolder((await codes({ campaign: 'Alpha', order: 'created_at' }))[1], holder)
  t.clock.advance(60_000)
  project.vouchers.redeem((await codes({ campaign: 'Beta', order: 'created_at' }))[0])
})

async function create(body: object): Promise<void> {
  const res = await t.request.post('/v1/campaigns').set(t.headers.app).send(body)
  expect(res.status).toBe(200)
}

async function list(query: Record<string, unknown> | string): Promise<{ total: number; vouchers: Listed[] }> {
  const res = await t.request.get('/v1/vouchers').query(query).set(t.headers.app)
  expectContract(res, 'listVouchers')
  expect(res.status).toBe(200)
  return res.body
}

const codes = async (query: Record<string, unknown> | string): Promise<string[]> =>
  (await list(typeof query === 'string' ? `${query}&limit=100` : { limit: 100, ...query })).vouchers.map((v) => v.code)
const at = (ms: number): string => toIso(t0 + ms)

describe('GET /v1/vouchers filters', () => {
  it('lists newest first by default, and in every documented order', async () => {
    const all = await list({ limit: 100 })
    expect(all.total).toBe(7)
    expect(all.vouchers.map((v) => v.campaign)).toEqual(['Beta', 'Beta', 'Beta', 'Alpha', 'Alpha', 'Alpha', 'Alpha'])
    const created = all.vouchers.map((v) => v.created_at)
    expect(created).toEqual([...created].sort().reverse())
    expect(await codes({ order: 'created_at' })).toEqual(all.vouchers.map((v) => v.code).reverse())
    expect(await codes({ order: 'code' })).toEqual(all.vouchers.map((v) => v.code).sort())
    expect(await codes({ order: '-code' })).toEqual(all.vouchers.map((v) => v.code).sort().reverse())
    // the redeemed card is the last changed voucher: last ascending, first descending
    const redeemed = all.vouchers.find((v) => v.campaign === 'Beta' && v.updated_at !== null)!.code
    expect((await codes({ order: 'updated_at' })).at(-1)).toBe(redeemed)
    expect((await codes({ order: '-updated_at' }))[0]).toBe(redeemed)
    for (const [order, first] of [['type', 'A-'], ['-type', 'B-'], ['campaign', 'A-'], ['-campaign', 'B-'], ['category', 'B-'], ['-category', 'A-']]) {
      const sorted = await codes({ order })
      expect(sorted[0].slice(0, 2), order).toBe(first)
      expect(sorted).toHaveLength(7)
    }
  })

  it('narrows by campaign, campaign_id, category (name or id), code, ids and customer', async () => {
    const all = (await list({ limit: 100 })).vouchers
    const alpha = all.filter((v) => v.campaign === 'Alpha')
    expect(await codes({ campaign: 'Alpha' })).toEqual(alpha.map((v) => v.code))
    const alphaId = t.deps.projects.get('proj_demo0001')!.campaigns.lookup('Alpha')!.id
    expect(await codes({ campaign_id: alphaId })).toEqual(alpha.map((v) => v.code))
    expect(await codes({ campaign: 'Alpha', campaign_id: 'camp_other' })).toEqual([])
    expect(await codes({ category: 'Food' })).toEqual(alpha.map((v) => v.code))
    const food = (await t.request.get('/v1/vouchers').query({ code: alpha[0].code }).set(t.headers.app)).body.vouchers[0].category_id
    expect(await codes({ category: food })).toHaveLength(4)
    expect(await codes({ code: all[2].code })).toEqual([all[2].code])
    expect(await codes({ code: 'NOPE-0000' })).toEqual([])
    expect(await codes(`ids=${all[0].id}&ids=${all[5].id}`)).toEqual([all[0].code, all[5].code])
    expect((await list(`ids[]=${all[6].id}`)).vouchers.map((v) => v.code)).toEqual([all[6].code])
    expect(await codes({ code: all[0].code, ids: [all[1].id] })).toEqual([])
    expect(await codes({ customer: holder })).toHaveLength(1)
    expect(await codes({ customer: 'alice' })).toEqual(await codes({ customer: holder }))
    expect(await codes({ customer: 'bob' })).toEqual([])
  })

  it('reads created_at and updated_at as after/before, and in the filter vocabulary', async () => {
    expect(await codes({ created_at: { after: at(30_000) } })).toEqual(await codes({ campaign: 'Beta' }))
    expect(await codes({ created_at: { before: at(30_000) } })).toEqual(await codes({ campaign: 'Alpha' }))
    expect(await codes({ created_at: { after: at(1), before: at(3) } })).toHaveLength(1)
    expect(await codes(`created_at[conditions][$after]=${at(30_000)}`)).toHaveLength(3)
    // changed: the held Alpha code (t0 + 120 s), the redeemed Beta card (t0 + 180 s)
    expect(await codes(`updated_at[after]=${at(150_000)}`)).toEqual([(await codes({ order: '-updated_at' }))[0]])
    expect(await codes({ updated_at: { conditions: { $is_unknown: '' } } })).toHaveLength(5)
  })

  it('applies filters: string, enum, boolean and date conditions, combined with junction and/or', async () => {
    const all = (await list({ limit: 100 })).vouchers
    expect(await codes({ filters: { code: { conditions: { $starts_with: 'B-' } } } })).toHaveLength(3)
    expect(await codes({ filters: { voucher_type: { conditions: { $is: 'GIFT_VOUCHER' } } } })).toEqual(await codes({ campaign: 'Beta' }))
    expect(await codes({ filters: { voucher_type: { conditions: { $in: ['GIFT_VOUCHER', 'DISCOUNT_VOUCHER'] } } } })).toHaveLength(7)
    expect(await codes({ filters: { discount_type: { conditions: { $is: 'PERCENT' } } } })).toHaveLength(4)
    expect(await codes({ filters: { category: { conditions: { $is: 'Food' } } } })).toHaveLength(4)
    expect(await codes({ filters: { category_id: { conditions: { $is_unknown: '' } } } })).toHaveLength(3)
    expect(await codes({ filters: { campaign: { conditions: { $in: ['Beta'] } } } })).toHaveLength(3)
    expect(await codes({ filters: { holder_id: { conditions: { $has_value: '' } } } })).toHaveLength(1)
    expect(await codes({ filters: { id: { conditions: { $is: all[3].id } } } })).toEqual([all[3].code])
    expect(await codes({ filters: { active: { conditions: { $is: 'TRUE' } }, is_referral_code: { conditions: { $is: 'false' } } } })).toHaveLength(7)
    expect(await codes({ filters: { created_at: { conditions: { $after: at(30_000) } } } })).toHaveLength(3)
    expect(await codes({ filters: { updated_at: { $has_value: '' } } })).toHaveLength(2)
    const either = { junction: 'or', code: { conditions: { $is: all[0].code } }, campaign: { conditions: { $is: 'Alpha' } } }
    expect(await codes({ filters: either })).toHaveLength(5)
    expect(await codes({ filters: { ...either, junction: 'and' } })).toEqual([])
    // a filter with the query parameters: all must hold; the page and total count only the matches
    const page = await list({ campaign: 'Alpha', filters: { code: { conditions: { $not_in: [all[3].code] } } }, limit: 2, page: 2 })
    expect(page).toMatchObject({ total: 3 })
    expect(page.vouchers.map((v) => v.code)).toEqual([all[6].code])
  })

  it('refuses a bad filter, order or date with 400 in the error format, naming the parameter', async () => {
    const cases: [string, Record<string, unknown> | string, string[]][] = [
      ['unknown filter field', { filters: { colour: { conditions: { $is: 'red' } } } }, ['filters[colour]', 'known: id, code']],
      ['unknown operator', { filters: { code: { conditions: { $near: 'A' } } } }, ['filters[code][conditions][$near]']],
      ['value outside the enum', { filters: { voucher_type: { conditions: { $is: 'COUPON' } } } }, ['voucher_type']],
      ['bad junction', { filters: { junction: 'xor', code: { conditions: { $is: 'A' } } } }, ['junction']],
      ['bad date', 'created_at[after]=yesterday', ['created_at']],
      ['unknown date key', 'created_at[since]=2026-01-01T00:00:00Z', ['created_at']],
      ['bad days', 'filters[created_at][conditions][$more_than]=soon', ['created_at', '$more_than']],
      ['unknown order', { order: 'colour' }, ['order']],
    ]
    for (const [what, query, names] of cases) {
      const res = await t.request.get('/v1/vouchers').query(query).set(t.headers.app)
      expect(res.status, what).toBe(400)
      expect(res.body, what).toMatchObject({ code: 400, key: 'invalid_query_params' })
      expect(res.body.request_id, what).toEqual(expect.any(String))
      for (const name of names) expect(`${res.body.message} ${res.body.details}`, what).toContain(name)
      expectContract(res, 'listVouchers')
    }
  })

  it('answers the same pages through the Express mount as through the node:http listener', async () => {
    const express = supertest(t.app)
    for (const query of ['order=code&limit=3', 'order=-campaign&limit=2&page=2', 'order=-updated_at&limit=3', 'filters[active][conditions][$is]=TRUE&order=type&limit=4', `customer=${holder}&order=code`]) {
      const [viaListener, viaExpress] = [await t.request.get(`/v1/vouchers?${query}`).set(t.headers.app), await express.get(`/v1/vouchers?${query}`).set(t.headers.app)]
      expect(viaExpress.status, query).toBe(200)
      expect(viaExpress.body, query).toEqual(viaListener.body)
    }
  })
})
