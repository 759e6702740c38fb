import type { Clock } from '../../../src/clock.js'
import { toIso } from '../../../src/clock.js'
import type { IdSource } from '../../../src/ids.js'
import type { Category } from '../../../src/records.js'
import { ApiError, notFound } from '../../engine/errors.js'

export type { Category } from '../../../src/records.js'

export interface NewCategory {
  name: string
  hierarchy: number
}

/**
 * Categories of one project. Campaigns reference them by id or by name, so both are indexed.
 * Names are not unique in the real service; a lookup by name returns the first created.
 */
export class CategoryStore {
  readonly #byId = new Map<string, Category>()
  readonly #byName = new Map<string, Category>()

  constructor(private readonly deps: { clock: Clock; ids: IdSource }) {}

  create(input: NewCategory): Category {
    if (!Number.isInteger(input.hierarchy) || input.hierarchy < 0) {
      throw new ApiError('INVALID_PAYLOAD', `hierarchy: must be an integer >= 0, got ${input.hierarchy}`)
    }
    return this.add({
      id: this.deps.ids.next('cat'),
      name: input.name,
      hierarchy: input.hierarchy,
      created_at: toIso(this.deps.clock.now()),
      object: 'category',
    })
  }

  /** Stores a category as given (fixtures keep their stable ids). */
  add(category: Category): Category {
    const stored = { ...category }
    this.#byId.set(stored.id, stored)
    if (!this.#byName.has(stored.name)) this.#byName.set(stored.name, stored)
    return { ...stored }
  }

  get(id: string): Category {
    const found = this.#byId.get(id)
    if (!found) throw notFound('category', id)
    return { ...found }
  }

  find(id: string): Category | undefined {
    const found = this.#byId.get(id)
    return found && { ...found }
  }

  findByName(name: string): Category | undefined {
    const found = this.#byName.get(name)
    return found && { ...found }
  }

  /** A campaign's `category_id` or `category` (name) → the category; unknown → 404 `not_found` `category`. */
  resolve(ref: { id?: string | null; name?: string | null }): Category {
    if (ref.id) return this.get(ref.id)
    if (ref.name) {
      const found = this.findByName(ref.name)
      if (found) return found
      throw notFound('category', ref.name)
    }
    throw new ApiError('INVALID_PAYLOAD', 'a category reference needs category_id or category')
  }

  /** Lower hierarchy first (processed first, per the API description); ties by creation order. */
  list(): Category[] {
    return [...this.#byId.values()].sort((a, b) => a.hierarchy - b.hierarchy).map((c) => ({ ...c }))
  }

  get size(): number {
    return this.#byId.size
  }
  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): Category[] {
    return [...this.#byId.values()].map((c) => ({ ...c }))
  }

  restore(categories: Category[]): void {
    this.#byId.clear()
    this.#byName.clear()
    for (const category of categories) this.add(category)
  }
}
