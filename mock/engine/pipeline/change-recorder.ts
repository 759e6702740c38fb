import type { ProjectState } from '../project-state.js'
import type { HandlerResult, OperationRequest } from '../handler-io.js'

/**
 * What the request path tells a durable store (`--state-file`: mock/engine/persistence/change-journal.ts)
 * about changes: it wraps each handler and control-route call (to note what the call was, the time
 * it ran at and the ids it was given), and the answer to a request waits for its record to be
 * durable. Absent when the mock keeps its state in memory only.
 */
export interface ChangeRecorder {
  /** Runs an operation's handler. */
  operation<T extends HandlerResult | PromiseLike<HandlerResult>>(request: OperationRequest, project: ProjectState, call: () => T): T
  /** Runs a `/_mock` control route (`method` and `path` below the prefix). */
  control<T>(requestId: string, method: string, path: string, input: { query: Record<string, unknown>; body: unknown }, call: () => T): T
  /** Resolves when every change the request made is in the journal; undefined when there is nothing to wait for. */
  durable(requestId: string): Promise<void> | undefined
}
