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
} as const
