import type { LoadCall } from './load.js'

/** The default development credentials of project A (common.md); the bench never uses real secrets. */
export const APP_HEADERS: Record<string, string> = {
  'x-app-id': 'promokit-app-id',
  'x-app-token': 'promokit-app-token',
}

const JSON_HEADERS = { ...APP_HEADERS, 'content-type': 'application/json' }

export const LIST_PATH = '/v1/campaigns?limit=10'

export function listCall(extraHeaders: Record<string, string> = {}): LoadCall {
  return { method: 'GET', path: LIST_PATH, headers: { ...APP_HEADERS, ...extraHeaders } }
}

const ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'name', '-name']

/**
 * The list with 600 distinct query strings taken in turn (pages 1 to 100 in each of the six orders, 10 a
 * page): every answer is built afresh, where a frontend polling one list is served from the page cache.
 */
export function missListCall(extraHeaders: Record<string, string> = {}): LoadCall {
  const paths = ORDERS.flatMap((order) => Array.from({ length: 100 }, (_, i) => `/v1/campaigns?limit=10&page=${i + 1}&order=${order}`))
  return { method: 'GET', path: paths[0], paths, headers: { ...APP_HEADERS, ...extraHeaders } }
}

/** A promotion with two tiers, as the issue asks: DONE at once, so create cost is not hidden in a job. */
export function promotionBody(name: string): Record<string, unknown> {
  return {
    name,
    campaign_type: 'PROMOTION',
    metadata: { source: 'bench' },
    promotion: {
      tiers: [
        {
          name: '10% off orders',
          banner: '10% off your order',
          action: { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } },
          metadata: { level: 1 },
        },
        {
          name: '20 off orders',
          banner: '20 off your order',
          action: { discount: { type: 'AMOUNT', amount_off: 2000, effect: 'APPLY_TO_ORDER' } },
          metadata: { level: 2 },
        },
      ],
    },
  }
}

/** Each request gets a unique name (duplicates would be 409s); `prefix` keeps runs and phases apart. */
export function createCall(prefix: string, extraHeaders: Record<string, string> = {}): LoadCall {
  let n = 0
  return {
    method: 'POST',
    path: '/v1/campaigns',
    headers: { ...JSON_HEADERS, ...extraHeaders },
    body: () => JSON.stringify(promotionBody(`${prefix}-${++n}`)),
  }
}

export function validationBody(promotionTierId: string): Record<string, unknown> {
  return {
    redeemables: [{ object: 'promotion_tier', id: promotionTierId }],
    order: { amount: 10_000, items: [{ product_id: 'prod_bench', quantity: 1, price: 10_000, amount: 10_000 }] },
    customer: { source_id: 'bench-customer' },
  }
}

export function validationCall(promotionTierId: string, extraHeaders: Record<string, string> = {}): LoadCall {
  return {
    method: 'POST',
    path: '/v1/validations',
    headers: { ...JSON_HEADERS, ...extraHeaders },
    body: JSON.stringify(validationBody(promotionTierId)),
  }
}

/** A promotion whose three tiers work on order items (two item-level effects) and on the order. */
export function checkoutCampaignBody(name: string): Record<string, unknown> {
  const tier = (tierName: string, discount: Record<string, unknown>) => ({ name: tierName, banner: tierName, action: { discount } })
  return {
    name,
    campaign_type: 'PROMOTION',
    promotion: {
      tiers: [
        tier('10% off every item', { type: 'PERCENT', percent_off: 10, amount_limit: 500, effect: 'APPLY_TO_ITEMS' }),
        tier('50 off the cart, shared by the items', { type: 'AMOUNT', amount_off: 5000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' }),
        tier('10 off the order', { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' }),
      ],
    },
  }
}

/** The issue-14 checkout: 5 redeemables (3 tiers, a coupon, gift credits) over an order of 50 items. */
export function checkoutBody(tierIds: string[]): Record<string, unknown> {
  const items = Array.from({ length: 50 }, (_, i) => ({
    product_id: `prod_bench${String(i).padStart(4, '0')}`,
    source_id: `sku-bench-${i}`,
    related_object: 'product',
    quantity: 1 + (i % 3),
    price: 1000 + i * 37,
    metadata: { color: i % 2 ? 'blue' : 'red' },
  }))
  return {
    redeemables: [
      ...tierIds.map((id) => ({ object: 'promotion_tier', id })),
      { object: 'voucher', id: 'WELCOME-0001' },
      { object: 'voucher', id: 'GIFT-0001', gift: { credits: 2000 } },
    ],
    order: { source_id: 'order-bench', items, metadata: { channel: 'bench' } },
    customer: { source_id: 'bench-customer' },
  }
}

export function checkoutCall(tierIds: string[], extraHeaders: Record<string, string> = {}): LoadCall {
  return { method: 'POST', path: '/v1/validations', headers: { ...JSON_HEADERS, ...extraHeaders }, body: JSON.stringify(checkoutBody(tierIds)) }
}

/** Creates the checkout's promotion on a running mock; answers its tier ids, the call and the mock's answer to it. */
export async function prepareCheckout(baseUrl: string, name: string): Promise<{ tierIds: string[]; call: LoadCall; answer: Answer }> {
  const created = await callOnce(baseUrl, { method: 'POST', path: '/v1/campaigns', headers: JSON_HEADERS, body: JSON.stringify(checkoutCampaignBody(name)) })
  if (created.status !== 200) throw new Error(`checkout campaign: ${created.status} ${created.body.slice(0, 300)}`)
  const tierIds = (JSON.parse(created.body) as { promotion: { tiers: { id: string }[] } }).promotion.tiers.map((t) => t.id)
  const call = checkoutCall(tierIds)
  const answer = await callOnce(baseUrl, call)
  if (answer.status !== 200 || !(JSON.parse(answer.body) as { valid?: boolean }).valid) throw new Error(`checkout validation: ${answer.status} ${answer.body.slice(0, 300)}`)
  return { tierIds, call, answer }
}

export interface Answer {
  status: number
  body: string
}

/** One request outside autocannon, to capture an answer (for the ceiling's body, or ids). */
export async function callOnce(baseUrl: string, call: LoadCall): Promise<Answer> {
  const body = typeof call.body === 'function' ? call.body() : call.body
  const res = await fetch(baseUrl + call.path, { method: call.method, headers: call.headers, body })
  return { status: res.status, body: await res.text() }
}

/** Row labels shared by every target, so the table lines up promokit, the ceiling and Prism per call. */
export const CALLS = {
  list0: 'GET /v1/campaigns?limit=10, 0 stored',
  list10k: 'GET /v1/campaigns?limit=10, 10,000 stored',
  listMiss: 'GET /v1/campaigns, 600 distinct queries (cache misses), 10,000 stored',
  create: 'POST /v1/campaigns (promotion, 2 tiers)',
  validation: 'POST /v1/validations (1 promotion tier)',
  checkout: 'POST /v1/validations (5 redeemables, 50 items)',
} as const
