import { decodePointer, escapePointerToken } from '../src/json-pointer.js'

/** Reads the value at an RFC 6901 JSON pointer ('' is the whole document); undefined when absent. */
export function getPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document
  let current: any = document
  for (const token of decodePointer(pointer)) {
    if (current === null || typeof current !== 'object' || !(token in current)) return undefined
    current = current[token]
  }
  return current
}

export { escapePointerToken }
