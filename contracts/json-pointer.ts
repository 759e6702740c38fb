/** Reads the value at an RFC 6901 JSON pointer ('' is the whole document); undefined when absent. */
export function getPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document
  let current: any = document
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (current === null || typeof current !== 'object' || !(token in current)) return undefined
    current = current[token]
  }
  return current
}

export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1')
}
