import type { HandlerContext } from './mock-deps.js'
import type { HandlerResult, OperationRequest } from './handler-io.js'
import type { OperationId, TypedHandlers } from './typed-handlers.js'

export type { AuthContext, HandlerResult, NetworkFault, OperationRequest } from './handler-io.js'
export type { HandlerContext } from './mock-deps.js'

/**
 * Any operation's handler as the pipeline calls it. Handlers are written typed for their own operation
 * (OperationHandlers); the pipeline only ever calls one with requests of that operation, already
 * validated against the spec, so it erases the types once, where it looks the handler up.
 */
export type OperationHandler = (req: OperationRequest, ctx: HandlerContext) => HandlerResult | Promise<HandlerResult>

/** Handlers keyed by operationId, each typed from the spec for its operation (mock/engine/typed-handlers.ts). */
export type OperationHandlers = Partial<TypedHandlers<OperationId>>
