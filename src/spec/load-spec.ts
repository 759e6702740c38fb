import SwaggerParser from '@apidevtools/swagger-parser'
import type { OpenAPIV3_1 } from 'openapi-types'
import { resolve } from 'node:path'
import { specPath } from '../paths.js'

export type OpenApiDocument = OpenAPIV3_1.Document
export type SchemaObject = OpenAPIV3_1.SchemaObject

const cache = new Map<string, Promise<OpenApiDocument>>()

/**
 * Parses the spec and resolves every `$ref`, including the ones into sibling files
 * (spec/checkout.yaml, spec/components/*.yaml). Cached per absolute path; treat the result as read-only.
 * Shared schemas stay shared (the same object wherever they are referenced), and recursive ones stay circular.
 */
export function loadSpec(path: string = specPath()): Promise<OpenApiDocument> {
  const key = resolve(path)
  let pending = cache.get(key)
  if (!pending) {
    pending = SwaggerParser.dereference(key).then((api) => api as OpenApiDocument)
    // A failed load must not poison the cache: the spec may be fixed and loaded again.
    pending.catch(() => cache.delete(key))
    cache.set(key, pending)
  }
  return pending
}
