import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../../mock/adapters/node-server.js'
import { expectContract } from '../../mock/testing/index.js'

// Over a real socket: every request is in flight at once and the mock's event loop interleaves them.
let mock: MockServer | undefined
afterEach(async () => {
  await mock?.close()
  mock = undefined
})

interface Answer {
  status: number
  body: any
  headers: Record<string, string>
}

async function call(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Answer> {
  const m = mock as MockServer
  const res = await fetch(`${m.url}${path}`, {
    method,
    headers: { 'X-App-Id': m.credentials.appId, 'X-App-Token': m.credentials.appToken, ...(body === undefined ? {} : { 'Content-Type': contentType }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  const type = res.headers.get('content-type') ?? ''
  return { status: res.status, body: type.includes('json') && text ? JSON.parse(text) : text, headers: Object.fromEntries(res.headers) }
}

const coupons = (name: string, count: number, codeConfig: object) => ({
  name,
  campaign_type: 'DISCOUNT_COUPONS',
  vouchers_count: count,
  voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 }, redemption: { quantity: 3 }, code_config: codeConfig },
})

async function allCodes(campaignId: string): Promise<string[]> {
  const codes: string[] = []
  for (let page = 1; ; page++) {
    const res = await call('GET', `/v1/vouchers?campaign_id=${campaignId}&limit=100&page=${page}`)
    expect(res.status).toBe(200)
    codes.push(...res.body.vouchers.map((v: { code: string }) => v.code))
    if (res.body.vouchers.length < 100) return codes
  }
}

describe('concurrent clients', () => {
  it('gives exactly one of 200 concurrent creates of one name a 200, and the other 199 a 409', async () => {
    mock = await createMockServer()
    const answers = await Promise.all(Array.from({ length: 200 }, () => call('POST', '/v1/campaigns', coupons('Raced name', 2, { pattern: 'RACE-######' }))))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(199)
    for (const a of answers) expectContract(a, 'createCampaign')
    const conflict = answers.find((a) => a.status === 409) as Answer
    expect(conflict.body).toMatchObject({ key: 'duplicate_found', resource_id: 'Raced name', resource_type: 'campaign' })
    const list = await call('GET', '/v1/campaigns?limit=100')
    expect(list.body.campaigns.filter((c: { name: string }) => c.name === 'Raced name')).toHaveLength(1)
  })

  it('generates 50 campaigns at once in one narrow code space without duplicating a code across the project', async () => {
    mock = await createMockServer()
    // 50 × 150 = 7,500 codes out of 10,000 possible: collisions are certain unless they are refused
    const config = { pattern: 'N-####', charset: '0123456789' }
    const created = await Promise.all(Array.from({ length: 50 }, (_, i) => call('POST', '/v1/campaigns', coupons(`Narrow ${i}`, 150, config))))
    for (const a of created) expect(a.status, JSON.stringify(a.body)).toBe(200)
    const crowded = await call('POST', '/v1/campaigns', coupons('One too many', 2_501, config))
    expect(crowded.status).toBe(400)
    mock.finishJobs()
    const codes = (await Promise.all(created.map((a) => allCodes(a.body.id)))).flat()
    expect(codes).toHaveLength(7_500)
    expect(new Set(codes).size).toBe(7_500)
    // the fixture codes are part of the project's code space too
    const fixtureCodes = await allCodes('camp_demo0001')
    expect(codes.filter((c) => fixtureCodes.includes(c))).toEqual([])
  })

  it('never loses a gift-card or loyalty update among concurrent redemptions', async () => {
    mock = await createMockServer()
    const before = (await call('GET', '/v1/vouchers/GIFT-0001')).body.gift.balance as number
    const points = (await call('GET', '/v1/vouchers/LOYAL-0001')).body.loyalty_card.balance as number
    const gift = (credits: number) => ({ redeemables: [{ object: 'voucher', id: 'GIFT-0001', gift: { credits } }], order: { amount: 100_000 } })
    const loyalty = { redeemables: [{ object: 'voucher', id: 'LOYAL-0001', reward: { id: 'rew_demo0001' } }], order: { amount: 1_000 } }
    const answers = await Promise.all([
      ...Array.from({ length: 60 }, () => call('POST', '/v1/redemptions', gift(300))),
      ...Array.from({ length: 20 }, () => call('POST', '/v1/redemptions', loyalty)),
    ])
    for (const a of answers) expectContract(a, 'redeemStackedDiscounts')
    const ok = (a: Answer) => a.status === 200 && a.body.redemptions?.length === 1
    const giftOk = answers.slice(0, 60).filter(ok).length
    const loyaltyOk = answers.slice(60).filter(ok).length
    const after = (await call('GET', '/v1/vouchers/GIFT-0001')).body.gift.balance as number
    const pointsAfter = (await call('GET', '/v1/vouchers/LOYAL-0001')).body.loyalty_card.balance as number
    expect(giftOk).toBe(Math.min(60, Math.floor(before / 300)))
    expect(after).toBe(before - giftOk * 300)
    expect(loyaltyOk).toBe(Math.min(20, Math.floor(points / 100)))
    expect(pointsAfter).toBe(points - loyaltyOk * 100)
    const state = await call('GET', '/_mock/state')
    const redemptions = state.body.projects[0].redemptions as Array<{ id: string }>
    const ids = answers.filter(ok).flatMap((a) => a.body.redemptions.map((r: { id: string }) => r.id))
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(redemptions.some((r) => r.id === id)).toBe(true)
  })

  it('keeps creates, deletes, exports, reads and redemptions consistent when they all run at once', async () => {
    mock = await createMockServer({ generationRate: 1_000_000 })
    const seed = 20260115
    const plan = fc.sample(fc.array(fc.constantFrom('create', 'delete', 'export', 'read', 'redeem'), { minLength: 300, maxLength: 300 }), { seed, numRuns: 1 })[0]
    // delete targets exist before the storm; creates add new names during it
    const victims = await Promise.all(Array.from({ length: 40 }, (_, i) => call('POST', '/v1/campaigns', coupons(`Victim ${i}`, 1, { pattern: `V${i}-####` }))))
    mock.advance(10)
    let v = 0
    let c = 0
    const jobs = plan.map((kind) => {
      switch (kind) {
        case 'create':
          return call('POST', '/v1/campaigns', coupons(`Storm ${c++}`, 3, { pattern: 'S-######' }))
        case 'delete':
          return call('DELETE', `/v1/campaigns/${victims[v++ % victims.length].body.id}`)
        case 'export':
          return call('POST', '/v1/campaigns/camp_demo0002/transactions/export', { parameters: { fields: ['id', 'amount'] } })
        case 'read':
          return call('GET', '/v1/campaigns?limit=100')
        default:
          return call('POST', '/v1/redemptions', { redeemables: [{ object: 'voucher', id: 'GIFT-0002', gift: { credits: 10 } }], order: { amount: 1_000 } })
      }
    })
    const answers = await Promise.all(jobs)
    for (const [i, a] of answers.entries()) expect(a.status, `${plan[i]} ${JSON.stringify(a.body)}`).toBeLessThan(500)

    // one deletion (async action) per victim: a repeated delete gets the same action or, once it is done, 404; gone afterwards
    const deletes = answers.filter((_, i) => plan[i] === 'delete')
    expect(deletes.filter((a) => a.status !== 202 && a.status !== 404)).toEqual([])
    const actions = new Set(deletes.filter((a) => a.status === 202).map((a) => a.body.async_action_id))
    expect(actions.size).toBe(Math.min(victims.length, deletes.length))
    mock.finishJobs()
    for (const [i, victim] of victims.entries()) {
      const got = await call('GET', `/v1/campaigns/${victim.body.id}`)
      expect(got.status, `victim ${i}`).toBe(i < deletes.length ? 404 : 200)
    }
    // every create acknowledged is there; every export acknowledged finishes with a file
    const createdIds = answers.filter((a, i) => plan[i] === 'create' && a.status === 200).map((a) => a.body.id as string)
    expect(createdIds).toHaveLength(plan.filter((k) => k === 'create').length)
    for (const id of createdIds) expect((await call('GET', `/v1/campaigns/${id}`)).status).toBe(200)
    const exportIds = answers.filter((a, i) => plan[i] === 'export').map((a) => a.body.id as string)
    expect(new Set(exportIds).size).toBe(exportIds.length)
    for (const id of exportIds) {
      const ex = await call('GET', `/v1/exports/${id}`)
      expect(ex.body.status).toBe('DONE')
      const file = await fetch(ex.body.result.url)
      expect(file.status).toBe(200)
    }
    // the gift balance reflects exactly the acknowledged redemptions
    const spent = answers.filter((a, i) => plan[i] === 'redeem' && a.body.redemptions?.length === 1).length * 10
    const gift = await call('GET', '/v1/vouchers/GIFT-0002')
    const fresh = await createMockServer()
    const initial = (await (await fetch(`${fresh.url}/v1/vouchers/GIFT-0002`, { headers: { 'X-App-Id': fresh.credentials.appId, 'X-App-Token': fresh.credentials.appToken } })).json()) as { gift: { balance: number } }
    await fresh.close()
    expect(gift.body.gift.balance).toBe(initial.gift.balance - spent)
    // the listing and the state dump agree with what was acknowledged
    const state = await call('GET', '/_mock/state?counts=true')
    const fixtureCampaigns = 5
    expect(state.body.projects[0].counts.campaigns).toBe(fixtureCampaigns + victims.length - actions.size + createdIds.length)
  }, 60_000)
})
