import type { OpenAPIV3_1 } from 'openapi-types'
import { resolve } from 'node:path'
import { specPath } from '../paths.js'
import { loadPrecompiledDocument } from './precompiled.js'

export type OpenApiDocument = OpenAPIV3_1.Document
export type SchemaObject = OpenAPIV3_1.SchemaObject

/**
 * Parses the spec and resolves every `$ref`, including the ones into sibling files
 * (spec/checkout.yaml, spec/components/*.yaml). Each call reads a document of its own (nothing is kept
 * between calls: two mocks never share one); from a precompiled artifact that takes a few milliseconds.
 * Shared schemas stay shared (the same object wherever they are referenced), and recursive ones stay circular.
 * A built package reads the document from its precompiled artifact when the spec files still match it.
 */
export function loadSpec(path: string = specPath()): Promise<OpenApiDocument> {
  return loadDocument(resolve(path))
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
