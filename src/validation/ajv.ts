import { Ajv2020 } from 'ajv/dist/2020.js'
import ajvFormats from 'ajv-formats'

/**
 * The one Ajv instance a validator compiles into. Strict about JSON Schema itself (a typo such as
 * `minimun` in the spec fails at creation) but not about type annotations OpenAPI authors routinely omit.
 * `sourceCode` keeps the generated code, for standalone modules (bin/precompile.js).
 */
export function createAjv(customFormats: Iterable<string>, sourceCode = false): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    discriminator: true,
    verbose: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    // The two views hold copies of the same schemas: a `$id` in the spec must not be registered twice.
    addUsedSchema: false,
    ...(sourceCode ? { code: { source: true } } : {}),
  })
  ajvFormats.default(ajv)
  // OpenAPI's annotation keywords: no validation meaning (OpenAPI 3.1 §4.8.24 `example`, `xml`, `externalDocs`).
  ajv.addVocabulary(['example', 'xml', 'externalDocs'])
  // OpenAPI allows any format name; the ones ajv-formats does not know are annotations.
  for (const format of customFormats) if (!ajv.formats[format]) ajv.addFormat(format, true)
  return ajv
}

/** Every `format` value used anywhere in a (possibly circular) document. */
export function collectFormats(root: unknown): Set<string> {
  const formats = new Set<string>()
  const seen = new Set<object>()
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return
    seen.add(node)
    if (Array.isArray(node)) return node.forEach(walk)
    const record = node as Record<string, unknown>
    if (typeof record.format === 'string') formats.add(record.format)
    for (const value of Object.values(record)) walk(value)
  }
  walk(root)
  return formats
}
