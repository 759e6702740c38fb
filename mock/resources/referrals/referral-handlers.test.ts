import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'

const byMember = (memberId: string) => `/v1/referrals/members/${memberId}/holders`
const byCampaign = (campaignId: string, memberId: string) => `/v1/referrals/${campaignId}/members/${memberId}/holders`

describe('GET /v1/referrals/members/{memberId}/holders', () => {
  it('lists the seeded holders of a code, 10 by default, with total and a cursor', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.get(byMember('REF-ALICE')).set(headers.app)
    expectContract(res, 'listMemberHolders')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'list', data_ref: 'data', total: 13, has_more: true })
    expect(res.body.data).toHaveLength(10)
    expect(res.body.more_starting_after).toBe(res.body.data[9].id)
    expect(res.body.data[0]).toMatchObject({
      id: 'rh_demo0001',
      redeemable_id: 'v_demo0031',
      redeemable_object: 'voucher',
      campaign_id: 'camp_demo0005',
      campaign_type: 'REFERRAL_PROGRAM',
      voucher_type: 'DISCOUNT_VOUCHER',
      customer_id: 'cust_demo_alice',
      holder_role: 'REFERRER',
      object: 'redeemable_holder',
    })
  })

  it('accepts the voucher id as well as the code', async () => {
    const { request, headers } = await createTestApp()
    const [byCode, byId] = await Promise.all([
      request.get(byMember('REF-ALICE')).set(headers.app),
      request.get(byMember('v_demo0031')).set(headers.app),
    ])
    expectContract(byId, 'listMemberHolders')
    expect(byId.body).toEqual(byCode.body)
  })

  it('pages with starting_after_id through every holder exactly once, in both orders', async () => {
    const { request, headers } = await createTestApp()
    for (const order of ['id', '-id']) {
      const seen: string[] = []
      let cursor: string | undefined
      let pages = 0
      for (;;) {
        const res = await request
          .get(byMember('REF-ALICE'))
          .query({ limit: 4, order, ...(cursor ? { starting_after_id: cursor } : {}) })
          .set(headers.app)
        expectContract(res, 'listMemberHolders')
        expect(res.body.total).toBe(13)
        seen.push(...res.body.data.map((h: { id: string }) => h.id))
        pages++
        if (!res.body.has_more) {
          expect(res.body.more_starting_after).toBeUndefined()
          break
        }
        cursor = res.body.more_starting_after
      }
      expect(pages).toBe(4)
      expect(new Set(seen).size).toBe(13)
      const sorted = [...seen].sort()
      expect(seen).toEqual(order === 'id' ? sorted : sorted.reverse())
    }
  })

  it('filters by holder_role and customer_id (deepObject query)', async () => {
    const { request, headers } = await createTestApp()
    const referrers = await request.get(`${byMember('REF-ALICE')}?filters[holder_role][conditions][$is]=REFERRER`).set(headers.app)
    expectContract(referrers, 'listMemberHolders')
    expect(referrers.body.data.map((h: { customer_id: string }) => h.customer_id)).toEqual(['cust_demo_alice'])
    expect(referrers.body.total).toBe(1)
    const some = await request
      .get(`${byMember('REF-ALICE')}?filters[customer_id][conditions][$in][0]=cust_demo_carol&filters[customer_id][conditions][$in][1]=cust_demo_dave`)
      .set(headers.app)
    expectContract(some, 'listMemberHolders')
    expect(some.body.data.map((h: { customer_id: string }) => h.customer_id).sort()).toEqual(['cust_demo_carol', 'cust_demo_dave'])
  })

  it('shows holders recorded later (as checkout records them)', async () => {
    const { request, headers, deps } = await createTestApp()
    deps.projects.get('proj_demo0001')?.referrals.addHolder({
      redeemable_id: 'v_demo0033', campaign_id: 'camp_demo0005', customer_id: 'cust_new', holder_role: 'REFEREE',
    })
    const res = await request.get(byMember('REF-NEW1')).set(headers.app)
    expectContract(res, 'listMemberHolders')
    expect(res.body).toMatchObject({ total: 1, has_more: false, data: [{ customer_id: 'cust_new', holder_role: 'REFEREE' }] })
  })

  it('answers 404 voucher for an unknown member, also from the other project', async () => {
    const { request, headers } = await createTestApp()
    for (const [member, creds] of [['REF-NOPE', headers.app], ['REF-ALICE', headers.appB]] as const) {
      const res = await request.get(byMember(member)).set(creds)
      expectContract(res, 'listMemberHolders')
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ key: 'not_found', resource_id: member, resource_type: 'voucher' })
    }
  })

  it('answers 400 invalid_query_params for a limit outside 1..100', async () => {
    const { request, headers } = await createTestApp()
    for (const limit of [0, 101]) {
      const res = await request.get(byMember('REF-ALICE')).query({ limit }).set(headers.app)
      expectContract(res, 'listMemberHolders')
      expect(res.status).toBe(400)
      expect(res.body.key).toBe('invalid_query_params')
    }
  })
})

describe('GET /v1/referrals/{campaignId}/members/{memberId}/holders', () => {
  it('lists the holders of a code of that campaign', async () => {
    const { request, headers } = await createTestApp()
    const res = await request.get(byCampaign('camp_demo0005', 'REF-BOB1')).set(headers.app)
    expectContract(res, 'listReferralCodeHolders')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ total: 2, has_more: false })
    expect(res.body.data.map((h: { holder_role: string }) => h.holder_role)).toEqual(['REFERRER', 'REFEREE'])
  })

  it('answers 404 voucher for a code of another campaign or an unknown code', async () => {
    const { request, headers } = await createTestApp()
    for (const [campaignId, member] of [['camp_demo0001', 'REF-BOB1'], ['camp_demo0005', 'WELCOME-NOPE']]) {
      const res = await request.get(byCampaign(campaignId, member)).set(headers.app)
      expectContract(res, 'listReferralCodeHolders')
      expect(res.status).toBe(404)
      expect(res.body.resource_type).toBe('voucher')
    }
  })

  it('answers 401 without credentials', async () => {
    const { request } = await createTestApp()
    const res = await request.get(byCampaign('camp_demo0005', 'REF-BOB1'))
    expectContract(res, 'listReferralCodeHolders')
    expect(res.status).toBe(401)
  })
})
