import type { Behaviour, Reach, WrapContext, WrappedRequest, WrappedResponse } from './wrap-mock.js'

type Ops = string | readonly string[]
type ResponseFn = (res: WrappedResponse, req: WrappedRequest, ctx: WrapContext) => void | WrappedResponse | Promise<void | WrappedResponse>
type RequestFn = (req: WrappedRequest, ctx: WrapContext) => void | WrappedResponse | Promise<void | WrappedResponse>

const matches = (ops: Ops, op: string | undefined): boolean => op !== undefined && (ops === '*' || [ops].flat().includes(op))
const reach = (ops: Ops, status?: number): Reach[] => (ops === '*' ? [{ status }] : [ops].flat().map((operationId) => ({ operationId, status })))

/** Rewrites the answers of `ops` ('*': every operation), only those with `status` when given. */
export function onResponse(ops: Ops, fn: ResponseFn, status?: number | ((s: number) => boolean)): Behaviour {
  const statusOk = (s: number): boolean => status === undefined || (typeof status === 'number' ? s === status : status(s))
  return {
    response: (res, req, ctx) => (matches(ops, req.operationId) && statusOk(res.status) ? fn(res, req, ctx) : undefined),
    affects: reach(ops, typeof status === 'number' ? status : undefined),
  }
}

/** Rewrites (or answers) the requests of `ops`. */
export function onRequest(ops: Ops, fn: RequestFn): Behaviour {
  return { request: (req, ctx) => (matches(ops, req.operationId) ? fn(req, ctx) : undefined), affects: reach(ops) }
}

/** Several behaviours in turn: the first request hook that answers wins; response hooks run in order. */
export function combine(...behaviours: Behaviour[]): Behaviour {
  const affects = behaviours.every((b) => b.affects) ? behaviours.flatMap((b) => b.affects!) : undefined
  return {
    ...(affects ? { affects } : {}),
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

/** A behaviour that changes state beyond the answers it rewrites (e.g. moves the mock's clock): any answer may differ. */
export function everywhere(behaviour: Behaviour): Behaviour {
  return { request: behaviour.request, response: behaviour.response }
}

/** An Error body in the format of the API. */
export function errorAnswer(status: number, key: string | undefined, message: string, extra: Record<string, unknown> = {}): WrappedResponse {
  const body = { code: status, ...(key ? { key } : {}), message, details: message, request_id: `v-pkwrapper${status}`, ...extra }
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body, text: '' }
}
