// What a handler receives and returns, as plain shapes: the pipeline and the stores read them without
// depending on the mock's state (handler-types.ts adds the handler types on top).

/** Who made the request, decided by the auth middleware from the spec's security requirements. */
export interface AuthContext {
  scheme: 'appKeys' | 'bearer' | 'managementKeys' | 'exportToken' | 'clientKeys'
  /** The project the app credentials or token belong to (for management keys: only a sandbox's, which act on it alone). */
  projectId?: string
  /** OAuth scopes of a bearer token. */
  scopes?: string[]
  /** The application/management id used, for logs (never the secret). */
  clientId: string
}

/**
 * What a handler receives: already parsed, coerced and validated against the spec. Each handler sees it
 * typed for its own operation (TypedRequest in mock/engine/typed-handlers.ts); here, for any operation, nothing
 * about params, query or body is known.
 */
export interface OperationRequest<Body = unknown> {
  operationId: string
  method: string
  path: string
  params: Record<string, string>
  query: Record<string, unknown>
  headers: Record<string, string | undefined>
  body: Body
  auth: AuthContext
  requestId: string
  /** Absolute base URL of this server as the client reached it, e.g. http://127.0.0.1:4010 */
  baseUrl: string
}

/** Handlers return data; the core (mock/engine/pipeline/core.ts) answers with it. `body` is JSON unless contentType says otherwise. */
export interface HandlerResult {
  status: number
  body?: unknown
  headers?: Record<string, string>
  contentType?: string
  /** The JSON text of `body` when the handler has it already (a list spliced from kept views); dropped when a fault changes the body. */
  text?: string
  /** Set by a network fault, never by a handler: the Node layer resets, aborts or holds the connection (mock/engine/pipeline/network-faults.ts). */
  network?: NetworkFault
}

export interface NetworkFault {
  action: 'reset' | 'abort' | 'hang'
  /** `hang`: how long the request is held at most. */
  ms?: number
}
