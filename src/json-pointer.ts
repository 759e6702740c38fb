import { isUnsafeKey } from './safe-keys.js'

/**
 * RFC 6901 JSON pointers, the one module for them: decoded and encoded for the mock (faults, error messages)
 * and the contract suite (drift, assertions), read, written and removed. Every token is refused when it
 * would reach a prototype: a pointer may come from a request (`POST /_mock/faults`).
 */

/** `/a~1b/c~0d` → `['a/b', 'c~d']`; '' is the whole document (no tokens). */
export function decodePointer(pointer: string): string[] {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) throw new RangeError(`a JSON pointer starts with "/": ${pointer}`)
  return pointer.slice(1).split('/').map(decodeToken)
}

export const decodeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~')

export const escapePointerToken = (token: string | number): string => String(token).replace(/~/g, '~0').replace(/\//g, '~1')

/** Decodes a pointer strictly: `~` only as ~0 / ~1, and no token that reaches a prototype; throws RangeError. */
export function parsePointer(pointer: string): string[] {
  // RFC 6901 escapes are ~0 and ~1 only; any other `~` is a typo that would never match
  if (/~(?![01])/.test(pointer)) throw new RangeError(`"~" must be followed by 0 or 1 (~0 is "~", ~1 is "/"): ${pointer}`)
  const tokens = decodePointer(pointer)
  const unsafe = tokens.find(isUnsafeKey)
  if (unsafe !== undefined) throw new RangeError(`"${unsafe}" may not appear in a pointer: ${pointer}`)
  return tokens
}

type Container = Record<string, unknown> | unknown[]

const isContainer = (node: unknown): node is Container => node !== null && typeof node === 'object'

/** The value at the pointer ('' is the whole document); undefined when absent. Only own properties are read. */
export function getPointer(document: unknown, pointer: string): unknown {
  let node = document
  for (const token of decodePointer(pointer)) {
    if (!isContainer(node) || !Object.hasOwn(node, token)) return undefined
    node = (node as Record<string, unknown>)[token]
  }
  return node
}

function parentOf(root: unknown, tokens: string[]): Container | undefined {
  let node = root
  for (const token of tokens.slice(0, -1)) node = isContainer(node) && Object.hasOwn(node, token) ? (node as Record<string, unknown>)[token] : undefined
  return isContainer(node) ? node : undefined
}

/** Removes the value at the pointer (array items are spliced out); true when something was removed. */
export function removeAt(root: unknown, pointer: string): boolean {
  const tokens = parsePointer(pointer)
  const parent = parentOf(root, tokens)
  const last = tokens.at(-1)
  if (!parent || last === undefined) return false
  if (Array.isArray(parent)) {
    const index = arrayIndex(last)
    if (index === undefined || index >= parent.length) return false
    parent.splice(index, 1)
    return true
  }
  if (!Object.hasOwn(parent, last)) return false
  delete parent[last]
  return true
}

/** Writes the value at the pointer (`-` appends to an array); the parent must exist. '' replaces the whole document. */
export function setAt(root: unknown, pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer)
  if (tokens.length === 0) return value
  const parent = parentOf(root, tokens)
  const last = tokens.at(-1) as string
  if (!parent) return root
  if (Array.isArray(parent)) {
    // Only an item or one past the end (RFC 6902 "add"): `/items/length` or `/items/99999999` would
    // stretch the array to millions of nulls (a 100 MB answer built while every other request waits).
    const index = last === '-' ? parent.length : arrayIndex(last)
    if (index !== undefined && index <= parent.length) parent[index] = value
    return root
  }
  parent[last] = value
  return root
}

/** An RFC 6901 array index: `0` or digits without a leading zero. */
const arrayIndex = (token: string): number | undefined => (/^(0|[1-9]\d{0,8})$/.test(token) ? Number(token) : undefined)
