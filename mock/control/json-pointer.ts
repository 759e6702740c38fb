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
    const index = Number(last)
    if (!Number.isInteger(index) || index >= parent.length) return false
    parent.splice(index, 1)
    return true
  }
  if (!(last in parent)) return false
  delete parent[last]
  return true
}

/** Writes the value at the pointer; the parent must exist. The empty pointer replaces the whole document. */
export function setAt(root: unknown, pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer)
  if (tokens.length === 0) return value
  const parent = parentOf(root, tokens)
  const last = tokens.at(-1) as string
  if (parent) (parent as Record<string, unknown>)[last === '-' && Array.isArray(parent) ? parent.length : last] = value
  return root
}
