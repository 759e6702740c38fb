import { VoucherifyServerSide } from '@voucherify/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../../adapters/node-server.js'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('the real SDK lists vouchers with its own query encoding', () => {
  it('passes campaign, created_at {after, before}, order and filters the way vouchers.list sends them', async () => {
    server = await createMockServer()
    const client = VoucherifyServerSide({ applicationId: server.credentials.appId, secretKey: server.credentials.appToken, apiUrl: server.url })
    const all = await client.vouchers.list({ campaign: 'camp_demo0001', limit: 100 })
    expect(all.total).toBeGreaterThan(2)
    const codes = all.vouchers.map((v) => v.code)

    const byCode = await client.vouchers.list({ campaign: 'camp_demo0001', order: '-code', limit: 100 })
    expect(byCode.vouchers.map((v) => v.code)).toEqual([...codes].sort().reverse())
    const filtered = await client.vouchers.list({ limit: 100, filters: { junction: 'and', code: { conditions: { $in: codes.slice(0, 2) } } } })
    expect(filtered.vouchers.map((v) => v.code).sort()).toEqual(codes.slice(0, 2).sort())
    const created = all.vouchers[0].created_at
    const later = await client.vouchers.list({ campaign: 'camp_demo0001', limit: 100, created_at: { after: new Date(Date.parse(created) - 1).toISOString(), before: new Date(Date.parse(created) + 1).toISOString() } })
    expect(later.vouchers.map((v) => v.created_at)).toEqual(all.vouchers.filter((v) => v.created_at === created).map((v) => v.created_at))
    // the list is newest first: nothing was created after its first voucher
    const after = await client.vouchers.list({ campaign: 'camp_demo0001', limit: 100, created_at: { after: created } })
    expect(later.total).toBeGreaterThan(0)
    expect(after.total).toBe(0)
  })
})
