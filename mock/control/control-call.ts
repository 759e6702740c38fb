import { ApiError } from '../engine/errors.js'
import type { HandlerResult } from '../engine/handler-types.js'

/** A control call as its route sees it: the query, and the body when it was JSON. */
export interface ControlCall {
  query: Record<string, unknown>
  body: unknown
}

export type ControlRoute = (call: ControlCall) => HandlerResult | Promise<HandlerResult>

/** Routes by `METHOD /path` below `/_mock`. */
export type ControlRoutes = Record<string, ControlRoute>

/** Body of a control request as an object (none is `{}`). */
export const objectBody = (call: ControlCall): Record<string, unknown> => {
  const body = call.body
  if (body === undefined) return {}
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('INVALID_PAYLOAD', 'The body must be a JSON object')
  return body as Record<string, unknown>
}
