import { ApiError } from '../engine/errors.js'
import { parseMatch } from './fault-match.js'
import { FAULT_ACTIONS, MATCHABLE_ACTIONS, type FaultAction, type FaultInput } from './faults.js'
import { parsePointer } from '../../src/json-pointer.js'

const bad = (details: string): ApiError => new ApiError('INVALID_PAYLOAD', details)

const FIELDS = ['operationId', 'action', 'status', 'pointer', 'value', 'whenStatus', 'times', 'match', 'ms']

/** The longest a `hang` fault holds a request (10 minutes), and how long when `ms` is not given. */
export const MAX_HANG_MS = 600_000
export const DEFAULT_HANG_MS = 30_000
const MAX_TIMES = 1_000_000

/** Checks a `POST /_mock/faults` body; every mistake is a 400 naming the field. */
export function parseFault(body: Record<string, unknown>, isOperation: (id: string) => boolean): FaultInput {
  const { operationId, action, status, pointer, value, whenStatus, times, match, ms } = body
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
  if (action === 'drop' || action === 'set') {
    if (typeof pointer !== 'string') throw bad(`pointer: a JSON pointer (e.g. /id) is required for action ${action}`)
    try {
      parsePointer(pointer)
    } catch (error) {
      throw bad(`pointer: ${(error as Error).message}`)
    }
    fault.pointer = pointer
    if (action === 'set') {
      if (!('value' in body)) throw bad('value: required for action set')
      fault.value = value
    }
  }
  if (match !== undefined) {
    if (!MATCHABLE_ACTIONS.includes(action as FaultAction)) throw bad(`match: only actions ${MATCHABLE_ACTIONS.join(', ')} take a matcher`)
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
    fault.whenStatus = whenStatus
  }
  if (times !== undefined) {
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1 || times > MAX_TIMES) throw bad(`times: must be an integer from 1 to ${MAX_TIMES}`)
    fault.times = times
  }
  return fault
}

// 1xx is not a final answer: a client sent one waits for the real answer forever
const isStatus = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 200 && value <= 599
