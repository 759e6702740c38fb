import { decodePointer } from '../../src/json-pointer.js'

// A fault pointer comes from a request: written through as-is, `/__proto__/x` would land on Object.prototype.
const UNSAFE_TOKENS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** RFC 6901 pointers, for the drop/set response faults; tokens that reach a prototype are refused. */
export function parsePointer(pointer: string): string[] {
  // RFC 6901 escapes are ~0 and ~1 only; any other `~` is a typo that would never match
  if (/~(?![01])/.test(pointer)) throw new RangeError(`"~" must be followed by 0 or 1 (~0 is "~", ~1 is "/"): ${pointer}`)
  const tokens = decodePointer(pointer)
  const unsafe = tokens.find((t) => UNSAFE_TOKENS.has(t))
  if (unsafe !== undefined) throw new RangeError(`"${unsafe}" may not appear in a pointer: ${pointer}`)
  return tokens
}

type Container = Record<string, unknown> | unknown[]

function parentOf(root: unknown, tokens: string[]): Container | undefined {
  let node = root
  for (const token of tokens.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[token]
  }
  return node !== null && typeof node === 'object' ? (node as Container) : undefined
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

/** Writes the value at the pointer; the parent must exist. The empty pointer replaces the whole document. */
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
