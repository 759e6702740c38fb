import type { operations } from '../../src/types/openapi.js'

// What the spec's generated types (npm run gen:types) say an operation takes: its path parameters, query and
// JSON body. Stores read these too, so they sit below both the stores and the handler types built on them.

export type OperationId = keyof operations
export type Operation<K extends OperationId> = operations[K]
export type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : T extends { content: { [type: string]: infer B } } ? B : undefined
type Parameters<K extends OperationId> = Operation<K> extends { parameters: infer P } ? P : never

export type PathOf<K extends OperationId> = Parameters<K> extends { path: infer P } ? P : Record<string, never>
export type QueryOf<K extends OperationId> = Parameters<K> extends { query?: infer Q } ? NonNullable<Q> : Record<string, never>
// An optional request body is undefined when the client sends none.
export type BodyOf<K extends OperationId> = Operation<K> extends { requestBody: infer R }
  ? JsonOf<R>
  : Operation<K> extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> | undefined : undefined
