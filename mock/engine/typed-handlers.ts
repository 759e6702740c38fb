import type { HandlerContext } from './mock-deps.js'
import type { HandlerResult, OperationRequest } from './handler-io.js'
import type { BodyOf, JsonOf, Operation, OperationId, PathOf, QueryOf } from './spec-shapes.js'

export type { BodyOf, OperationId, PathOf, QueryOf }

// Handler types derived from the spec's generated types (npm run gen:types): a handler of operation K
// gets K's path parameters, query and JSON body (spec-shapes.ts), and must answer one of K's documented
// statuses with that status's JSON body. A spec change that a handler does not follow fails `npm run typecheck`.

type Responses<K extends OperationId> = Operation<K> extends { responses: infer R } ? R : never

/** The bodies of a response's other (non-JSON) media types, e.g. a file download's text; never when it has none. */
type OtherBodyOf<T> = T extends { content: infer C } ? C[Exclude<keyof C, 'application/json'>] : never
/** An answer in one of those other media types (`contentType` says which), for the statuses that have any. */
type OtherAnswer<S, T> = [OtherBodyOf<T>] extends [never] ? never : Omit<HandlerResult, 'status' | 'body' | 'contentType'> & { status: S; contentType: string; body: OtherBodyOf<T> }

/**
 * One documented answer of K: its status with the body the spec gives that status, or, with `contentType`
 * set, the body of one of that status's other media types.
 */
export type AnswerOf<K extends OperationId> = {
  [S in keyof Responses<K> & number]: (Omit<HandlerResult, 'status' | 'body'> & { status: S; body?: JsonOf<Responses<K>[S]> }) | OtherAnswer<S, Responses<K>[S]>
}[keyof Responses<K> & number]

export interface TypedRequest<K extends OperationId> extends Omit<OperationRequest, 'params' | 'query' | 'body' | 'operationId'> {
  operationId: K
  params: PathOf<K>
  query: QueryOf<K>
  body: BodyOf<K>
}

export type TypedHandler<K extends OperationId> = (req: TypedRequest<K>, ctx: HandlerContext<AnswerOf<K>>) => AnswerOf<K> | Promise<AnswerOf<K>>

/** Handlers for some operations of the spec, each typed from it: `{ ... } satisfies TypedHandlers<'opA' | 'opB'>`. */
export type TypedHandlers<K extends OperationId> = { [O in K]: TypedHandler<O> }
