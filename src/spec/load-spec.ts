import type { OpenAPIV3_1 } from 'openapi-types'
import { resolve } from 'node:path'
import { specPath } from '../paths.js'
import { loadPrecompiledDocument } from './precompiled.js'

export type OpenApiDocument = OpenAPIV3_1.Document
export type SchemaObject = OpenAPIV3_1.SchemaObject

const cache = new Map<string, Promise<OpenApiDocument>>()

/**
 * Parses the spec and resolves every `$ref`, including the ones into sibling files
 * (spec/checkout.yaml, spec/components/*.yaml). Cached per absolute path; treat the result as read-only.
 * Shared schemas stay shared (the same object wherever they are referenced), and recursive ones stay circular.
 * A built package reads the document from its precompiled artifact when the spec files still match it.
 */
export function loadSpec(path: string = specPath()): Promise<OpenApiDocument> {
  const key = resolve(path)
  let pending = cache.get(key)
  if (!pending) {
    pending = loadDocument(key)
    // A failed load must not poison the cache: the spec may be fixed and loaded again.
    pending.catch(() => cache.delete(key))
    cache.set(key, pending)
  }
  return pending
}

/** swagger-parser's dereferenced document, and the files it read (precompile records them). */
export async function parseSpec(path: string): Promise<{ doc: OpenApiDocument; files: string[] }> {
  // Imported on demand: swagger-parser and its YAML parser are a good part of a cold start.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser')
  const parser = new SwaggerParser()
  const doc = (await parser.dereference(path)) as OpenApiDocument
  return { doc, files: parser.$refs.paths('file') }
}

async function loadDocument(path: string): Promise<OpenApiDocument> {
  return (await loadPrecompiledDocument(path)) ?? (await parseSpec(path)).doc
}
