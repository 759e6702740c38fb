import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/clock.js'
import { sequentialIds } from '../../../src/ids.js'
import { ApiError } from '../../engine/errors.js'
import { CategoryStore } from './category-store.js'

const createStore = () => new CategoryStore({ clock: new ManualClock('2026-01-15T09:00:00.000Z'), ids: sequentialIds() })

describe('CategoryStore', () => {
  it('creates a category with an id, the clock time and object category', () => {
    const store = createStore()

    expect(store.create({ name: 'First', hierarchy: 0 })).toEqual({
      id: 'cat_0001',
      name: 'First',
      hierarchy: 0,
      created_at: '2026-01-15T09:00:00.000Z',
      object: 'category',
    })
  })

  it('refuses a negative or fractional hierarchy', () => {
    const store = createStore()

    expect(() => store.create({ name: 'x', hierarchy: -1 })).toThrow(ApiError)
    expect(() => store.create({ name: 'x', hierarchy: 1.5 })).toThrow(expect.objectContaining({ details: expect.stringMatching(/^hierarchy/) }))
    expect(store.size).toBe(0)
  })

  it('finds by id or by name, and resolves a campaign reference or answers 404 category', () => {
    const store = createStore()
    const first = store.create({ name: 'First', hierarchy: 1 })

    expect(store.resolve({ id: first.id })).toEqual(first)
    expect(store.resolve({ name: 'First' })).toEqual(first)
    const missing = (() => {
      try {
        store.resolve({ name: 'Nope' })
      } catch (error) {
        return error as ApiError
      }
    })()
    expect(missing).toMatchObject({ status: 404, key: 'not_found', resourceType: 'category', resourceId: 'Nope' })
    expect(() => store.get('cat_missing')).toThrow(expect.objectContaining({ resourceId: 'cat_missing' }))
  })

  it('lists lower hierarchy first, ties in creation order', () => {
    const store = createStore()
    store.create({ name: 'C', hierarchy: 5 })
    store.create({ name: 'A', hierarchy: 1 })
    store.create({ name: 'B', hierarchy: 1 })

    expect(store.list().map((c) => c.name)).toEqual(['A', 'B', 'C'])
  })

  it('hands out copies, so callers cannot change stored categories', () => {
    const store = createStore()
    const created = store.create({ name: 'First', hierarchy: 1 })
    created.name = 'Changed'

    expect(store.get(created.id).name).toBe('First')
  })
})
