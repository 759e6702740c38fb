import type { TypedHandlers } from '../../engine/typed-handlers.js'
import type { QueryOf } from '../../engine/spec-shapes.js'

type Query = QueryOf<'listVouchers'>
const text = (value: unknown): string | undefined => (value === undefined ? undefined : String(value))
const list = (value: unknown): string[] | undefined => (value === undefined ? undefined : (Array.isArray(value) ? value : [value]).map(String))

/** Voucher operations. */
export const voucherHandlers = {
  listVouchers: ({ query }, { project }) => {
    // `campaign_id` and `campaign` (a name; an id is read too): an unknown campaign matches no vouchers
    // (the spec documents no 404 here); both given, a voucher must be in each.
    const refs = [text(query.campaign_id), text(query.campaign)].filter((r) => r !== undefined)
    const ids = refs.map((ref) => project.campaigns.lookup(ref)?.id ?? '')
    const campaignIds = refs.length === 0 ? undefined : ids.every((id) => id === ids[0]) ? [ids[0]] : []
    // a first ordered or filtered list over big campaigns makes, sorts or scans millions of codes: in steps, with other requests answered meanwhile
    const page = project.vouchers.listInSteps({
      limit: query.limit,
      page: query.page,
      campaignIds,
      category: text(query.category),
      holderIds: holders(query, project.customers),
      code: text(query.code),
      ids: list(query.ids),
      created_at: query.created_at,
      updated_at: query.updated_at,
      order: query.order,
      filters: query.filters,
    })
    return page instanceof Promise ? page.then((body) => ({ status: 200 as const, body })) : { status: 200, body: page }
  },
  getVoucher: ({ params }, { project }) => {
    // an unknown code may make every due campaign's codes: in steps, as lists do
    const voucher = project.vouchers.getInSteps(params.code)
    return voucher instanceof Promise ? voucher.then((body) => ({ status: 200 as const, body })) : { status: 200, body: voucher }
  },
} satisfies TypedHandlers<'listVouchers' | 'getVoucher'>

/** `customer`: the holder's `cust_` id or its `source_id`. */
function holders(query: Query, customers: { peek: (input: { source_id: string }) => { id: string } | undefined }): string[] | undefined {
  const customer = text(query.customer)
  if (customer === undefined) return undefined
  const bySource = customers.peek({ source_id: customer })?.id
  return bySource ? [customer, bySource] : [customer]
}
