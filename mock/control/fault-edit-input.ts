import { ApiError } from '../engine/errors.js'
import { EDIT_TARGETS, type EditTarget, type FaultInput } from './faults.js'
import { parsePointer } from '../../src/json-pointer.js'

const bad = (details: string): ApiError => new ApiError('INVALID_PAYLOAD', details)

/** An HTTP token (RFC 9110): what a header may be named; a query parameter's name is any non-empty string. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
export const MAX_NAME_LENGTH = 200
/** A header or query value written by `set`; longer ones are no fault a real proxy makes. */
export const MAX_NAMED_VALUE_LENGTH = 8192

type Edit = Pick<FaultInput, 'in' | 'pointer' | 'name' | 'from' | 'value'>

/**
 * The fields of an edit fault (drop, set, copy, move): bodies are edited at a JSON `pointer` (copy and move
 * take the value at `from`), headers and the query by `name`. Every mistake is a 400 naming the field.
 */
export function parseEdit(body: Record<string, unknown>): Edit {
  const { action } = body
  const target = body.in ?? 'response.body'
  if (typeof target !== 'string' || !(EDIT_TARGETS as readonly string[]).includes(target)) throw bad(`in: must be one of ${EDIT_TARGETS.join(', ')}`)
  const edit: Edit = body.in === undefined ? {} : { in: target as EditTarget }
  if (target.endsWith('.body')) {
    if ('name' in body) throw bad(`name: an edit in ${target} takes a pointer, not a name`)
    edit.pointer = pointerField(body, 'pointer', action)
    if (action === 'copy' || action === 'move') edit.from = pointerField(body, 'from', action)
    else if ('from' in body) throw bad('from: only copy and move take from')
  } else {
    if (action === 'copy' || action === 'move') throw bad(`in: ${action} edits a body (response.body or request.body), not ${target}`)
    if ('pointer' in body || 'from' in body) throw bad(`${'pointer' in body ? 'pointer' : 'from'}: an edit in ${target} takes a name, not a pointer`)
    edit.name = nameField(body.name, target)
  }
  if (action === 'set') {
    if (!('value' in body)) throw bad('value: required for action set')
    edit.value = target.endsWith('.body') ? body.value : namedValue(body.value)
  } else if ('value' in body) throw bad('value: only action set takes a value')
  return edit
}

function pointerField(body: Record<string, unknown>, field: 'pointer' | 'from', action: unknown): string {
  const pointer = body[field]
  if (typeof pointer !== 'string') throw bad(`${field}: a JSON pointer (e.g. /id) is required for action ${String(action)}`)
  try {
    parsePointer(pointer)
  } catch (error) {
    throw bad(`${field}: ${(error as Error).message}`)
  }
  return pointer
}

function nameField(name: unknown, target: string): string {
  const header = target.endsWith('.headers')
  if (typeof name !== 'string' || name === '' || name.length > MAX_NAME_LENGTH || (header && !HEADER_NAME.test(name))) {
    throw bad(`name: ${header ? 'a header name (an HTTP token)' : 'a query parameter name'} of 1 to ${MAX_NAME_LENGTH} characters is required for an edit in ${target}`)
  }
  return header ? name.toLowerCase() : name
}

function namedValue(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw bad('value: a header or query parameter value is a string (or number, boolean)')
  const text = String(value)
  // a header value with a line break would split the answer (response splitting)
  if (text.length > MAX_NAMED_VALUE_LENGTH || /[\r\n\0]/.test(text)) throw bad(`value: at most ${MAX_NAMED_VALUE_LENGTH} characters, without line breaks`)
  return text
}
