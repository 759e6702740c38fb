import { describe, expect, it } from 'vitest'
import { decodePointer, escapePointerToken, getPointer, parsePointer, removeAt, setAt } from './json-pointer.js'

describe('JSON pointers (RFC 6901)', () => {
  it('decodes ~1 and ~0 and encodes them back', () => {
    expect(decodePointer('/a~1b/c~0d')).toEqual(['a/b', 'c~d'])
    expect(decodePointer('')).toEqual([])
    expect(['a/b', 'c~d'].map(escapePointerToken).join('/')).toBe('a~1b/c~0d')
  })

  it('reads own values only: absent, inherited and out-of-range values are undefined', () => {
    const doc = { a: [{ b: 1 }], 'x/y': 2 }
    expect(getPointer(doc, '/a/0/b')).toBe(1)
    expect(getPointer(doc, '/x~1y')).toBe(2)
    expect(getPointer(doc, '')).toBe(doc)
    expect(getPointer(doc, '/a/3/b')).toBeUndefined()
    expect(getPointer(doc, '/constructor')).toBeUndefined()
    expect(getPointer(doc, '/a/length')).toBe(1)
  })

  it('sets and removes values (array items spliced out, `-` appends)', () => {
    const doc = { list: [1, 2, 3], obj: { k: 'v' } }
    expect(removeAt(doc, '/list/1')).toBe(true)
    expect(removeAt(doc, '/obj/missing')).toBe(false)
    setAt(doc, '/list/-', 4)
    setAt(doc, '/obj/k', null)
    setAt(doc, '/nowhere/deep', 1)
    expect(doc).toEqual({ list: [1, 3, 4], obj: { k: null } })
    expect(setAt(doc, '', 'whole')).toBe('whole')
  })

  it('writes into an array only an item or one past the end: `length` or a far index changes nothing', () => {
    const doc = { list: [1, 2] }
    setAt(doc, '/list/length', 0)
    setAt(doc, '/list/99999999', 3)
    setAt(doc, '/list/01', 3)
    setAt(doc, '/list/2', 3)
    expect(doc.list).toEqual([1, 2, 3])
    expect(removeAt(doc, '/list/length')).toBe(false)
  })

  it('refuses tokens that reach a prototype and a `~` that is no escape, writing nothing', () => {
    for (const pointer of ['/__proto__/polluted', '/constructor/prototype/polluted', '/a/prototype']) {
      expect(() => parsePointer(pointer)).toThrow(RangeError)
      expect(() => setAt({ a: {} }, pointer, 1)).toThrow(RangeError)
      expect(() => removeAt({ a: {} }, pointer)).toThrow(RangeError)
    }
    expect(() => parsePointer('/a~2b')).toThrow(/~0 is "~"/)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
