/** RFC 6901 pointers, for the drop/set response faults. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) throw new RangeError(`a JSON pointer starts with "/": ${pointer}`)
  return pointer.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
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
