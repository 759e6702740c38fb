import type { EditTarget, FaultInput } from '../../../mock/control/faults.js'

/**
 * Faults of the mock's own engine (`POST /_mock/faults`, docs/mock-server.md "Faults") as the defect tables
 * write them. An operation of `undefined` is every operation; edits of an answer apply to answers of
 * `whenStatus` (200 unless given).
 */
type Op = string | undefined
const on = (operationId: Op): Partial<FaultInput> => (operationId ? { operationId } : {})
const edit = (operationId: Op, target: EditTarget, rest: Partial<FaultInput>): FaultInput => ({ ...on(operationId), action: 'drop', in: target, ...rest })

/** Answers `answered` instead of running the handler (a success status runs it and answers with that status). */
export const status = (operationId: Op, answered: number): FaultInput => ({ ...on(operationId), action: 'status', status: answered })
/** Answers the mock gave `from` get status `to`, their body kept. */
export const rewrite = (operationId: Op, from: number, to: number): FaultInput => ({ ...on(operationId), action: 'status', status: to, whenStatus: from })

export const set = (operationId: Op, pointer: string, value: unknown, whenStatus = 200): FaultInput => ({ ...on(operationId), action: 'set', pointer, value, whenStatus })
export const drop = (operationId: Op, pointer: string, whenStatus = 200): FaultInput => ({ ...on(operationId), action: 'drop', pointer, whenStatus })
export const copy = (operationId: Op, from: string, pointer: string): FaultInput => ({ ...on(operationId), action: 'copy', from, pointer, whenStatus: 200 })
export const move = (operationId: Op, from: string, pointer: string): FaultInput => ({ ...on(operationId), action: 'move', from, pointer, whenStatus: 200 })

export const answerHeader = (operationId: Op, name: string, value: string, whenStatus = 200): FaultInput => edit(operationId, 'response.headers', { action: 'set', name, value, whenStatus })
export const setQuery = (operationId: Op, name: string, value: string): FaultInput => edit(operationId, 'request.query', { action: 'set', name, value })
export const dropQuery = (operationId: Op, name: string): FaultInput => edit(operationId, 'request.query', { name })
export const setRequestHeader = (operationId: Op, name: string, value: string): FaultInput => edit(operationId, 'request.headers', { action: 'set', name, value })
export const dropRequestHeader = (operationId: Op, name: string): FaultInput => edit(operationId, 'request.headers', { name })
export const setRequestBody = (operationId: Op, pointer: string, value: unknown): FaultInput => edit(operationId, 'request.body', { action: 'set', pointer, value })
export const dropRequestBody = (operationId: Op, pointer: string): FaultInput => edit(operationId, 'request.body', { pointer })
