import type { Ajv2020, Options } from 'ajv/dist/2020.js'

/**
 * Ajv and its formats, handed in: the platform-neutral core imports them (ajv-modules.ts), Node loads
 * them on first use (ajv-node.ts), so a mock started from precompiled validators never loads Ajv.
 */
export interface AjvModules {
  Ajv2020: new (options: Options) => Ajv2020
  addFormats: (ajv: Ajv2020) => unknown
}

/**
 * The one Ajv instance a validator compiles into. Strict about JSON Schema itself (a typo such as
 * `minimun` in the spec fails at creation) but not about type annotations OpenAPI authors routinely omit.
 * `sourceCode` keeps the generated code, for standalone modules (bin/precompile.js).
 */
export function createAjv(modules: AjvModules, customFormats: Iterable<string>, sourceCode = false): Ajv2020 {
  const ajv = new modules.Ajv2020({
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
  modules.addFormats(ajv)
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
