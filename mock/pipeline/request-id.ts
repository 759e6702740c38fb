import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { localsOf } from './locals.js'

// Incoming ids are echoed only when they are short and harmless in a header and a log line.
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/

/** Gives every request an id (`X-Request-Id` header, `request_id` in error bodies), honouring a sane incoming one. */
export function createRequestIdAssigner(): (req: IncomingMessage, res: ServerResponse) => void {
  // The real service's ids look like `v-0b6e18be0c8fc6a2b9`: a per-process prefix plus a counter is unique and cheap.
  const prefix = `v-${randomBytes(5).toString('hex')}`
  let counter = 0
  return (req, res) => {
    const incoming = req.headers['x-request-id']
    const id = typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : `${prefix}${(++counter).toString(16).padStart(8, '0')}`
    localsOf(res).requestId = id
    res.setHeader('X-Request-Id', id)
  }
}

export const requestIdOf = (res: ServerResponse): string => localsOf(res).requestId ?? 'unknown'
