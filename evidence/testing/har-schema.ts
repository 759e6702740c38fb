import { createRequire } from 'node:module'
import { createAjv } from '../../src/validation/ajv.js'
import { loadAjvModules } from '../../src/validation/ajv-node.js'

const require = createRequire(import.meta.url)

/**
 * Validates a document against the HAR 1.2 JSON schemas of the `har-schema` package (what har-validator
 * used), compiled with the project's Ajv setup. The schemas declare draft-06, whose keywords Ajv 2020 reads
 * the same; `optional`, `min` and `unique` are its own annotations.
 */
export function harValidator(): (doc: unknown) => string[] {
  const schemas = require('har-schema') as Record<string, Record<string, unknown>>
  const ajv = createAjv(loadAjvModules(), [])
  ajv.addVocabulary(['optional', 'min', 'unique'])
  for (const schema of Object.values(schemas)) {
    const { $schema: _draft, ...rest } = schema
    ajv.addSchema(rest)
  }
  const validate = ajv.getSchema('har.json#')!
  return (doc) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`))
}
