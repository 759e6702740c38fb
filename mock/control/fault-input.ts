import { ApiError } from '../engine/errors.js'
import { parseMatch } from './fault-match.js'
import { parseEdit } from './fault-edit-input.js'
import { EDIT_ACTIONS, FAULT_ACTIONS, MATCHABLE_ACTIONS, type FaultAction, type FaultInput } from './faults.js'

const bad = (details: string): ApiError => new ApiError('INVALID_PAYLOAD', details)

const FIELDS = ['operationId', 'action', 'status', 'in', 'pointer', 'name', 'from', 'value', 'whenStatus', 'times', 'match', 'ms']

/** The longest a `hang` fault holds a request (10 minutes), and how long when `ms` is not given. */
export const MAX_HANG_MS = 600_000
export const DEFAULT_HANG_MS = 30_000
const MAX_TIMES = 1_000_000

/** Checks a `POST /_mock/faults` body; every mistake is a 400 naming the field. */
export function parseFault(body: Record<string, unknown>, isOperation: (id: string) => boolean): FaultInput {
  const { operationId, action, status, whenStatus, times, match, ms } = body
  const unknown = Object.keys(body).find((key) => !FIELDS.includes(key))
  if (unknown !== undefined) throw bad(`${unknown}: unknown field; a fault takes ${FIELDS.join(', ')}`)
  if (typeof action !== 'string' || !FAULT_ACTIONS.includes(action as FaultAction)) {
    throw bad(`action: must be one of ${FAULT_ACTIONS.join(', ')}`)
  }
  if (operationId !== undefined && (typeof operationId !== 'string' || !isOperation(operationId))) {
    throw bad(`operationId: unknown operation ${JSON.stringify(operationId)}`)
  }
  const fault: FaultInput = { action: action as FaultAction, ...(operationId !== undefined ? { operationId: operationId as string } : {}) }
  if (action === 'status') {
    if (!isStatus(status)) throw bad('status: an HTTP status (200-599) is required for action status')
    fault.status = status
  }
  if ((EDIT_ACTIONS as readonly string[]).includes(action)) Object.assign(fault, parseEdit(body))
  else {
    const misplaced = ['in', 'pointer', 'name', 'from', 'value'].find((key) => key in body)
    if (misplaced !== undefined) throw bad(`${misplaced}: only the edits (${EDIT_ACTIONS.join(', ')}) take ${misplaced}`)
  }
  if (match !== undefined) {
    if (!MATCHABLE_ACTIONS.includes(action as FaultAction)) throw bad(`match: only actions ${MATCHABLE_ACTIONS.join(', ')} take a matcher`)
    // an edit of the request is made before the mock has read (and parsed) the values a matcher compares
    if (fault.in?.startsWith('request.')) throw bad(`match: an edit in ${fault.in} takes no matcher; only edits of the answer do`)
    fault.match = parseMatch(match)
  }
  if (action === 'hang') {
    if (ms !== undefined && (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 1 || ms > MAX_HANG_MS)) {
      throw bad(`ms: the longest the request hangs, an integer from 1 to ${MAX_HANG_MS}`)
    }
    fault.ms = (ms as number | undefined) ?? DEFAULT_HANG_MS
  } else if (ms !== undefined) throw bad('ms: only action hang takes ms')
  if (whenStatus !== undefined) {
    if (!isStatus(whenStatus)) throw bad('whenStatus: must be an HTTP status (200-599)')
    if (!answerFault(fault)) throw bad('whenStatus: only a status fault or an edit of the answer (in response.body or response.headers) takes whenStatus')
    fault.whenStatus = whenStatus
  }
  if (times !== undefined) {
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1 || times > MAX_TIMES) throw bad(`times: must be an integer from 1 to ${MAX_TIMES}`)
    fault.times = times
  }
  return fault
}

const answerFault = (fault: FaultInput): boolean => fault.action === 'status' || ((EDIT_ACTIONS as readonly string[]).includes(fault.action) && (fault.in ?? 'response.body').startsWith('response.'))

// 1xx is not a final answer: a client sent one waits for the real answer forever
const isStatus = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 200 && value <= 599
