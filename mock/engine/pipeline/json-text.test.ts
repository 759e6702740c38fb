import { describe, expect, it } from 'vitest'
import { jsonTextOf, withJsonText } from './json-text.js'

describe('bodies that carry their JSON text', () => {
  it('keeps the text out of the value: equality, keys and clones see plain JSON', () => {
    const view = withJsonText({ id: 'camp_1', metadata: { a: 1 } })
    expect(Object.keys(view)).toEqual(['id', 'metadata'])
    expect(view).toEqual({ id: 'camp_1', metadata: { a: 1 } })
    expect(jsonTextOf(view)).toBe('{"id":"camp_1","metadata":{"a":1}}')
    expect(jsonTextOf(structuredClone(view))).toBeUndefined()
    expect(jsonTextOf('text')).toBeUndefined()
  })

  it('freezes a shared view deeply, so a caller cannot make its text stale', () => {
    const view = withJsonText({ metadata: { a: 1 }, tags: ['x'] })
    expect(() => {
      ;(view.metadata as { a: number }).a = 2
    }).toThrow(TypeError)
    expect(() => view.tags.push('y')).toThrow(TypeError)
  })
})
