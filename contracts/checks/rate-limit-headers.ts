import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { campaignPath } from './support.js'

/** The real service's rate-limit headers (notes §8.3; the spec's `RateLimit*` headers), lower case as received. */
const HEADERS = ['x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-retry'] as const
const [LIMIT, REMAINING, RETRY] = HEADERS
/** Answers read one after another: three steps, of which a window's end may take one. */
const ANSWERS = 4
/** A campaign no target has: its read is the error answer (404) that must carry the headers too. */
const UNKNOWN_CAMPAIGN = 'camp_pkUnknownRateLimit0000'
/** Unix seconds between 2001 and 2286: a time in milliseconds (or a count of seconds to wait) is out of it. */
const UNIX_SECONDS = { min: 1e9, max: 1e10 }

interface Reading {
  exchange: Exchange
  limit: number
  remaining: number
  retry: number
}

/**
 * Rate-limit headers count down (issue 25 §1). The real service sends `X-Rate-Limit-Limit`, `-Remaining` and
 * `-Retry` (unix time of the window's end / the next allowed request) on every answer; the API description
 * sends them only where rate limits are on, so a target sending none passes. A target that sends them must
 * send all three on every answer (an error's too: the last request reads an unknown campaign), as integers: the limit constant and at least 1, the remaining count between
 * 0 and the limit, going down from request to request (other checks' requests may lower it more; a window
 * ending between two answers raises it, once in a few requests at most), the retry time in unix seconds (the
 * window's end, or the next allowed request: both readings), never earlier than before.
 */
export const rateLimitHeaderChecks: Check[] = [{
  id: 'rate-limit.headers-count-down',
  title: 'X-Rate-Limit-* headers, where sent: on every answer (an error too), limit constant, remaining counting down, retry a unix time',
  operationIds: ['listCampaigns', 'getCampaign'],
  readOnly: true,
  requests: ANSWERS,
  value: 1,
  // Every request of the run lowers the count: other checks only make it drop faster, which is allowed.
  shares: {},
  async run(ctx) {
    const answers: Exchange[] = []
    // One after another: an answer counts the requests before it. The last is an error: the headers are on every answer.
    for (let i = 0; i < ANSWERS - 1; i++) answers.push(await ctx.call({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { limit: 1 } }, { status: 200 }))
    answers.push(await ctx.call({ operationId: 'getCampaign', method: 'GET', path: campaignPath(UNKNOWN_CAMPAIGN) }, { status: 404 }))
    const sending = answers.filter((ex) => HEADERS.some((h) => ex.response.headers[h] !== undefined))
    if (sending.length === 0) return ctx.follows('rate-limit headers: none sent (API description: only where rate limits are on)')
    ctx.follows('rate-limit headers: on every answer (real service)')
    const readings = answers.map((ex) => read(ctx, ex))
    for (let i = 1; i < readings.length; i++) compare(ctx, readings[i - 1], readings[i])
    countsDown(ctx, readings)
  },
}]

function read(ctx: CheckContext, exchange: Exchange): Reading {
  const [limit, remaining, retry] = HEADERS.map((name) => {
    const raw = exchange.response.headers[name]
    if (raw === undefined || !/^\d+$/.test(raw.trim())) ctx.fail({ location: 'header', pointer: `/${name}`, message: `${name} must be on every answer once the target sends rate-limit headers, as a non-negative integer`, expected: 'an integer', actual: raw ?? 'absent' }, exchange)
    return Number(raw.trim())
  })
  if (limit < 1) ctx.fail({ location: 'header', pointer: `/${LIMIT}`, message: 'the limit is the number of requests allowed in the window: at least 1', expected: '>= 1', actual: limit }, exchange)
  if (remaining > limit) ctx.fail({ location: 'header', pointer: `/${REMAINING}`, message: `the requests left cannot exceed the limit (${limit})`, expected: `<= ${limit}`, actual: remaining }, exchange)
  if (retry < UNIX_SECONDS.min || retry >= UNIX_SECONDS.max) ctx.fail({ location: 'header', pointer: `/${RETRY}`, message: `${RETRY} is a unix time in seconds (not milliseconds, not a number of seconds to wait)`, expected: `between ${UNIX_SECONDS.min} and ${UNIX_SECONDS.max}`, actual: retry }, exchange)
  return { exchange, limit, remaining, retry }
}

function compare(ctx: CheckContext, before: Reading, after: Reading): void {
  const at = after.exchange
  if (after.limit !== before.limit) ctx.fail({ location: 'header', pointer: `/${LIMIT}`, message: 'the limit stays the same from one answer to the next', expected: before.limit, actual: after.limit }, at)
  if (after.retry < before.retry) ctx.fail({ location: 'header', pointer: `/${RETRY}`, message: 'the retry time cannot move back between two answers', expected: `>= ${before.retry}`, actual: after.retry }, at)
}

/** At most one window can end within a few consecutive requests, so the count must drop between some two of them. */
function countsDown(ctx: CheckContext, readings: readonly Reading[]): void {
  const drops = readings.slice(1).filter((r, i) => r.remaining < readings[i].remaining).length
  if (drops > 0) return
  const last = readings[readings.length - 1]
  ctx.fail({ location: 'header', pointer: `/${REMAINING}`, message: `each request lowers the requests left: over ${readings.length} requests in a row it never went down (a new window may raise it once)`, expected: `below ${readings[0].remaining} at least once`, actual: readings.map((r) => r.remaining).join(', ') }, last.exchange)
}
