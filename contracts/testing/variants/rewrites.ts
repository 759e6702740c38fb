import type { Behaviour, WrapContext, WrappedRequest, WrappedResponse } from './wrap-mock.js'
import { getPointer, removeAt, setAt as writeAt } from '../../../src/json-pointer.js'

type Ops = string | readonly string[]
type ResponseFn = (res: WrappedResponse, req: WrappedRequest, ctx: WrapContext) => void | WrappedResponse | Promise<void | WrappedResponse>
type RequestFn = (req: WrappedRequest, ctx: WrapContext) => void | WrappedResponse | Promise<void | WrappedResponse>

const matches = (ops: Ops, op: string | undefined): boolean => op !== undefined && (ops === '*' || [ops].flat().includes(op))

/** Rewrites the answers of `ops` ('*': every operation), only those with `status` when given. */
export function onResponse(ops: Ops, fn: ResponseFn, status?: number | ((s: number) => boolean)): Behaviour {
  const statusOk = (s: number): boolean => status === undefined || (typeof status === 'number' ? s === status : status(s))
  return { response: (res, req, ctx) => (matches(ops, req.operationId) && statusOk(res.status) ? fn(res, req, ctx) : undefined) }
}

/** Rewrites (or answers) the requests of `ops`. */
export function onRequest(ops: Ops, fn: RequestFn): Behaviour {
  return { request: (req, ctx) => (matches(ops, req.operationId) ? fn(req, ctx) : undefined) }
}

/** Several behaviours in turn: the first request hook that answers wins; response hooks run in order. */
export function combine(...behaviours: Behaviour[]): Behaviour {
  return {
    async request(req, ctx) {
      for (const b of behaviours) {
        const answer = await b.request?.(req, ctx)
        if (answer) return answer
      }
      return undefined
    },
    async response(res, req, ctx) {
      let current = res
      for (const b of behaviours) current = (await b.response?.(current, req, ctx)) ?? current
      return current
    },
  }
}

/** Sets `pointer` in a body to `value` (a function gets the old value), when its parent exists. */
export function setAt(body: unknown, pointer: string, value: unknown): void {
  writeAt(body, pointer, typeof value === 'function' ? value(getPointer(body, pointer)) : value)
}

export const dropAt = (body: unknown, pointer: string): void => void removeAt(body, pointer)

/** A body field set on the answers of `ops` (with that status, 200 by default); a fixed value is a fault of the mock instead. */
export const setField = (ops: Ops, pointer: string, value: unknown, status = 200): Behaviour => onResponse(ops, (res) => setAt(res.body, pointer, value), status)

/** The answer's status replaced (the body kept, with `code` following it when it is an Error). */
export const setStatus = (ops: Ops, from: number, to: number): Behaviour =>
  onResponse(ops, (res) => {
    res.status = to
    if (res.body && typeof res.body === 'object' && res.body.code === from) res.body.code = to
  }, from)

/** Every item of a list in the answer rewritten. */
export const eachItem = (ops: Ops, list: string, fn: (item: any, index: number) => void): Behaviour =>
  onResponse(ops, (res) => {
    const items = res.body?.[list]
    if (Array.isArray(items)) items.forEach(fn)
  })

/** An Error body in the format of the API. */
export function errorAnswer(status: number, key: string | undefined, message: string, extra: Record<string, unknown> = {}): WrappedResponse {
  const body = { code: status, ...(key ? { key } : {}), message, details: message, request_id: `v-pkwrapper${status}`, ...extra }
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body, text: '' }
}

/** Applies `fn` to every value of a JSON tree whose key is `key`. */
export function walk(node: any, fn: (parent: any, key: string) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, fn))
  else if (node && typeof node === 'object') {
    for (const key of Object.keys(node)) {
      fn(node, key)
      walk(node[key], fn)
    }
  }
}
