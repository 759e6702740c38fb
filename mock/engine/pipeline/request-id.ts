import { toHex } from '../../../src/hex.js'
import { headerOf, type CoreRequest } from './core-request.js'

// Incoming ids are echoed only when they are short and harmless in a header and a log line.
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/

/** Gives every request an id (`X-Request-Id` header, `request_id` in error bodies), honouring a sane incoming one. */
export function createRequestIdAssigner(fixedPrefix?: string): (request: CoreRequest) => string {
  // The real service's ids look like `v-0b6e18be0c8fc6a2b9`: a per-instance prefix plus a counter is unique and cheap.
  const prefix = fixedPrefix ?? `v-${toHex(crypto.getRandomValues(new Uint8Array(5)))}`
  let counter = 0
  return (request) => {
    const incoming = headerOf(request, 'x-request-id')
    return incoming !== undefined && SANE_ID.test(incoming) ? incoming : `${prefix}${(++counter).toString(16).padStart(8, '0')}`
  }
}
