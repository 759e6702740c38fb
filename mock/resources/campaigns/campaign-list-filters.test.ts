import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

const DAY = 86_400_000
const discount = { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 } }

/**
 * Five campaigns, one day apart, on a clock that then stands at day 5:
 * `live` (promotion, in its dates, area ar_1), `off` (switched off), `soon` (starts at day 10, valid on
 * weekends), `old` (expired at day 4, with a validity timeframe), `gen` (20,000 codes: 20 s of generation).
 */
async function fiveCampaigns(): Promise<TestApp> {
  const app = await createTestApp({ seeder: () => {} })
  const t0 = app.clock.now()
  const iso = (days: number): string => new Date(t0 + days * DAY).toISOString()
  const bodies = [
    { name: 'live', campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 't' }] }, access_settings: { assign: { areas_ids: ['ar_1'] } } },
    { name: 'off', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 1, voucher: discount, active: false, type: 'STANDALONE' },
    { name: 'soon', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 1, voucher: discount, start_date: iso(10), validity_day_of_week: [6, 0] },
    {
      name: 'old',
      campaign_type: 'GIFT_VOUCHERS',
      vouchers_count: 1,
      voucher: { type: 'GIFT_VOUCHER', gift: { amount: 1000 } },
      expiration_date: iso(4),
      validity_timeframe: { interval: 'P2D', duration: 'P1D' },
      access_settings: { assign: { area_stores_ids: ['ars_9'] } },
    },
    { name: 'gen', campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 20_000, voucher: discount },
  ]
  for (const body of bodies) {
    const res = await app.request.post('/v1/campaigns').set(app.headers.app).send(body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    app.clock.advance(DAY)
  }
  return app
}

async function list(app: TestApp, query: string) {
  const res = await app.request.get(`/v1/campaigns?${query}`).set(app.headers.app)
  expectContract(res, 'listCampaigns')
  return res
}

async function names(app: TestApp, query: string): Promise<string[]> {
  const res = await list(app, query)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body.total).toBe(res.body.campaigns.length)
  return res.body.campaigns.map((c: { name: string }) => c.name).sort()
}

describe('GET /v1/campaigns filters (real service vocabulary)', () => {
  it('answers the status flags, alone and combined', async () => {
    const app = await fiveCampaigns()
    app.clock.set(app.clock.now() - 5 * DAY + 4 * DAY + 1000) // day 4 + 1 s: gen is generating, old expired
    expect(await names(app, 'filters[status][conditions][$active]=')).toEqual(['live'])
    expect(await names(app, 'filters[status][conditions][$in_progress]=')).toEqual(['gen'])
    expect(await names(app, 'filters[status][conditions][$expired]=')).toEqual(['old'])
    expect(await names(app, 'filters[status][conditions][before_start]=')).toEqual(['soon'])
    expect(await names(app, 'filters[status][conditions][$failed]=')).toEqual([])
    expect(await names(app, 'filters[status][conditions][$expired]=&filters[status][conditions][before_start]=')).toEqual(['old', 'soon'])
  })

  it('answers the active flags under active and under active[conditions]', async () => {
    const app = await fiveCampaigns()
    expect(await names(app, 'filters[active][$disabled]=')).toEqual(['off'])
    expect(await names(app, 'filters[active][conditions][$enabled]=')).toEqual(['gen', 'live', 'old', 'soon'])
    expect(await names(app, 'filters[active][$expired]=')).toEqual(['old'])
    expect(await names(app, 'filters[active][$active]=')).toEqual(['gen', 'live'])
  })

  it('filters on ids, statuses, kinds, voucher types, referral flag, dates and days of the week', async () => {
    const app = await fiveCampaigns()
    const all = await list(app, 'order=created_at')
    const ids = all.body.campaigns.map((c: { id: string }) => c.id)
    expect(await names(app, `filters[campaigns_id][conditions][$in][0]=${ids[0]}&filters[campaigns_id][conditions][$in][1]=${ids[3]}`)).toEqual(['live', 'old'])
    expect(await names(app, 'filters[campaign_status][conditions][$is]=DONE')).toEqual(['gen', 'live', 'off', 'old', 'soon'])
    expect(await names(app, 'filters[campaign_status][conditions][$not_in][0]=DONE')).toEqual([])
    expect(await names(app, 'filters[type][conditions][$in][0]=STANDALONE')).toEqual(['off'])
    expect(await names(app, 'filters[voucher_type][conditions][$is]=GIFT_VOUCHER')).toEqual(['old'])
    expect(await names(app, 'filters[is_referral_code][conditions][$is]=TRUE')).toEqual([])
    expect(await names(app, 'filters[voucher_type][conditions][$has_value]=&filters[is_referral_code][conditions][$is_not]=TRUE')).toEqual(['gen', 'off', 'old', 'soon'])
    const day2 = new Date(Date.parse(all.body.campaigns[2].created_at) - 1000).toISOString()
    expect(await names(app, `filters[created_date][conditions][$after]=${day2}`)).toEqual(['gen', 'old', 'soon'])
    expect(await names(app, `filters[start_date][conditions][$after]=${day2}`)).toEqual(['soon'])
    expect(await names(app, 'filters[expiration_date][conditions][$has_value]=')).toEqual(['old'])
    expect(await names(app, 'filters[created_date][conditions][$more_than]=3')).toEqual(['live', 'off'])
    expect(await names(app, 'filters[validity_timeframe][conditions][$has_value]=')).toEqual(['old'])
    expect(await names(app, 'filters[validity_day_of_week][conditions][$is][0]=0&filters[validity_day_of_week][conditions][$is][1]=6')).toEqual(['soon'])
    expect(await names(app, 'filters[junction]=or&filters[active][$disabled]=&filters[voucher_type][conditions][$is]=GIFT_VOUCHER')).toEqual(['off', 'old'])
  })

  it('filters by access_settings and expands access_settings_assignments and category together', async () => {
    const app = await fiveCampaigns()
    expect(await names(app, 'access_settings[filter][areas_ids][0]=ar_1')).toEqual(['live'])
    expect(await names(app, 'access_settings[filter][areas_ids]=ar_1&access_settings[filter][area_stores_ids]=ars_9')).toEqual(['live', 'old'])
    expect(await names(app, 'access_settings[filter][area_all_stores_ids]=ar_1')).toEqual([])
    const expanded = await list(app, 'expand=category&expand=access_settings_assignments&filters[campaigns][conditions][$is]=live')
    expect(expanded.body.campaigns[0]).toMatchObject({
      categories: [],
      access_settings_assignments: { object: 'list', data_ref: 'data', data: [{ area_id: 'ar_1', all_stores: false }], total: 1 },
    })
    const plain = await list(app, 'filters[campaigns][conditions][$is]=live')
    expect(plain.body.campaigns[0]).not.toHaveProperty('access_settings_assignments')
  })

  it('orders by every documented order value', async () => {
    const app = await fiveCampaigns()
    const order = async (value: string) => (await list(app, `order=${value}`)).body.campaigns.map((c: { name: string }) => c.name)
    expect(await order('created_at')).toEqual(['live', 'off', 'soon', 'old', 'gen'])
    expect(await order('-created_at')).toEqual(['gen', 'old', 'soon', 'off', 'live'])
    expect(await order('updated_at')).toHaveLength(5)
    expect(await order('-updated_at')).toHaveLength(5)
  })

  it('keeps cached pages apart by filters and expand, and follows the clock for clock-bound filters', async () => {
    const app = await fiveCampaigns()
    expect(await names(app, 'filters[campaigns][conditions][$is]=live')).toEqual(['live'])
    expect(await names(app, 'filters[campaigns][conditions][$is]=off')).toEqual(['off'])
    const withAccess = await list(app, 'filters[campaigns][conditions][$is]=live&expand=access_settings_assignments')
    expect(withAccess.body.campaigns[0].access_settings_assignments.total).toBe(1)
    expect(await names(app, 'filters[status][conditions][before_start]=')).toEqual(['soon'])
    app.clock.advance(10 * DAY)
    expect(await names(app, 'filters[status][conditions][before_start]=')).toEqual([])
  })

  it('refuses bad filter values with 400 invalid_query_params naming the parameter, changing nothing', async () => {
    const app = await fiveCampaigns()
    // the spec validator (dots) or the filter engine (brackets) may refuse first: both name the parameter
    const cases: [string, RegExp][] = [
      ['filters[status][conditions][$sleeping]=', /filters.status.conditions.\$sleeping/],
      ['filters[campaign_status][conditions][$contains]=DO', /filters.campaign_status.conditions.\$contains/],
      ['filters[created_date][conditions][$after]=yesterday', /filters.created_date.conditions.\$after.*date-time/],
      ['filters[created_date][conditions][$more_than]=-1', /filters.created_date.conditions.\$more_than/],
      ['filters[validity_day_of_week][conditions][$is][0]=7', /filters.validity_day_of_week/],
      ['filters[junction]=xor', /filters.junction/],
      ['filters[nickname][conditions][$is]=x', /filters.nickname.*unknown filter/],
      ['filters[campaigns]=x', /filters.campaigns/],
      ['access_settings[filter][regions]=x', /access_settings.filter.regions/],
      ['expand=vouchers', /expand/],
    ]
    for (const [query, message] of cases) {
      const res = await list(app, query)
      expect(res.status, query).toBe(400)
      expect(res.body.key, query).toBe('invalid_query_params')
      const said = `${res.body.message} ${res.body.details}`.replace(/\]\[|\[/g, '.').replace(/\]/g, '')
      expect(said, query).toMatch(message)
    }
    expect((await list(app, '')).body.total).toBe(5)
  })
})
