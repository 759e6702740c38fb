import type { MetadataSchema } from '../../../src/records.js'
import { notFound } from '../../engine/errors.js'

export const STANDARD_RELATED_OBJECTS = [
  'campaign', 'customer', 'earning_rule', 'loyalty_tier', 'order', 'order_item', 'product',
  'promotion_tier', 'publication', 'redemption', 'reward', 'voucher',
] as const

export type { MetadataPropertyDefinition, MetadataSchema } from '../../../src/records.js'

/** Metadata schemas of one project; read-only through the API (the seed has only "get"). */
export class MetadataSchemaStore {
  readonly #schemas = new Map<string, MetadataSchema>()

  add(schema: MetadataSchema): MetadataSchema {
    this.#schemas.set(schema.id, structuredClone(schema))
    return schema
  }

  get(schemaId: string): MetadataSchema {
    const schema = this.#schemas.get(schemaId)
    if (!schema) throw notFound('metadata_schema', schemaId)
    return structuredClone(schema)
  }

  /** The schema defining `relatedObject` (one per related object), as `GET /v1/metadata-schemas/{resource}` finds it. */
  byResource(relatedObject: string): MetadataSchema {
    for (const schema of this.#schemas.values()) if (schema.related_object === relatedObject) return structuredClone(schema)
    throw notFound('metadata_schema', relatedObject)
  }

  get size(): number {
    return this.#schemas.size
  }

  list(): MetadataSchema[] {
    return [...this.#schemas.values()].map((s) => structuredClone(s))
  }
  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): MetadataSchema[] {
    return this.list()
  }

  restore(schemas: MetadataSchema[]): void {
    this.#schemas.clear()
    for (const schema of schemas) this.add(schema)
  }
}
