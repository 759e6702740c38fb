/**
 * RFC 6901 JSON pointers, decoded and encoded in one place for the mock (faults, error messages) and the
 * contract suite (drift, assertions).
 */

/** `/a~1b/c~0d` → `['a/b', 'c~d']`; '' is the whole document (no tokens). */
export function decodePointer(pointer: string): string[] {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) throw new RangeError(`a JSON pointer starts with "/": ${pointer}`)
  return pointer.slice(1).split('/').map(decodeToken)
}

export const decodeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~')

export const escapePointerToken = (token: string | number): string => String(token).replace(/~/g, '~0').replace(/\//g, '~1')
