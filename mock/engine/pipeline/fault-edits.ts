import { getPointer, removeAt, setAt } from '../../../src/json-pointer.js'
import type { Fault } from '../../control/faults.js'

/**
 * Carries out armed edit faults (drop, set, copy, move) on a JSON body or on named values (headers, query
 * parameters). The input is never changed: a body is copied first, so store objects and a host app's parsed
 * body stay as they were.
 */
export function editBody(body: unknown, edits: readonly Fault[]): unknown {
  let edited = structuredClone(body)
  for (const edit of edits) {
    const pointer = edit.pointer ?? ''
    if (edit.action === 'drop') removeAt(edited, pointer)
    else if (edit.action === 'set') edited = setAt(edited, pointer, structuredClone(edit.value))
    else {
      const value = getPointer(edited, edit.from ?? '')
      // like JSON Patch: nothing to copy or move from changes nothing
      if (value === undefined) continue
      if (edit.action === 'move') removeAt(edited, edit.from ?? '')
      edited = setAt(edited, pointer, structuredClone(value))
    }
  }
  return edited
}

/**
 * Named string values (headers, query parameters) with drop/set edits applied; names compare
 * case-insensitively when `caseless` (headers), and a set replaces every value of the name.
 */
export function editNamed<T>(values: Readonly<Record<string, T>>, edits: readonly Fault[], caseless: boolean): Record<string, T | string> {
  // built without a prototype: the names come from a request
  const out: Record<string, T | string> = Object.assign(Object.create(null) as Record<string, T | string>, values)
  const same = (a: string, b: string): boolean => (caseless ? a.toLowerCase() === b.toLowerCase() : a === b)
  for (const edit of edits) {
    const name = edit.name ?? ''
    for (const key of Object.keys(out)) if (same(key, name)) delete out[key]
    if (edit.action === 'set') out[caseless ? name.toLowerCase() : name] = String(edit.value)
  }
  return out
}
