import { describe, expect, it } from 'vitest'
import { cloneJson } from './json-clone.js'

describe('cloneJson', () => {
  it('copies objects and arrays deeply, so changing the copy leaves the original as it was', () => {
    const original = { a: [1, { b: 'x' }], c: null, d: { e: true } }
    const copy = cloneJson(original)
    expect(copy).toEqual(original)
    ;(copy.a[1] as { b: string }).b = 'changed'
    copy.d.e = false
    expect(original).toEqual({ a: [1, { b: 'x' }], c: null, d: { e: true } })
  })

  it('keeps a __proto__ key as an own property and never touches a prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": 1}, "ok": 1}') as Record<string, unknown>
    const copy = cloneJson(parsed)
    expect(Object.keys(copy)).toEqual(['__proto__', 'ok'])
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":1},"ok":1}')
  })
})
