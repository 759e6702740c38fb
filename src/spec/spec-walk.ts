import type { OpenApiDocument } from './load-spec.js'

export type Usage = 'request' | 'response'

export interface ExampleCase {
  /** Where the example sits, e.g. `paths./v1/campaigns.post.requestBody application/json examples.discount`. */
  where: string
  value: unknown
  check:
    | { kind: 'request-body'; operationId: string; contentType: string }
    | { kind: 'response'; operationId: string; status: string; contentType: string }
    | { kind: 'parameter'; operationId: string; in: string; name: string }
    | { kind: 'schema'; schema: object; usage: Usage[] }
}

type Node = Record<string, unknown>
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas']
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems']
const SUBSCHEMAS = ['items', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else', 'propertyNames',
  'unevaluatedProperties', 'unevaluatedItems']

/** Every example of a dereferenced document: media types, parameters, and `examples`/`example` of every schema. */
export function collectExamples(doc: OpenApiDocument): ExampleCase[] {
  const cases: ExampleCase[] = []
  const schemas = new Map<object, { where: string; usage: Set<Usage> }>()
  const visit = (schema: unknown, where: string, usage?: Usage, seen = new Set<object>()): void => {
    if (typeof schema !== 'object' || schema === null || seen.has(schema)) return
    seen.add(schema)
    const entry = schemas.get(schema) ?? { where, usage: new Set<Usage>() }
    if (usage) entry.usage.add(usage)
    schemas.set(schema, entry)
    const node = schema as Node
    for (const key of SUBSCHEMA_MAPS) for (const [k, sub] of Object.entries((node[key] ?? {}) as Node)) visit(sub, `${where}/${key}/${k}`, usage, seen)
    for (const key of SUBSCHEMA_LISTS) ((node[key] ?? []) as unknown[]).forEach((sub, i) => visit(sub, `${where}/${key}/${i}`, usage, seen))
    for (const key of SUBSCHEMAS) visit(node[key], `${where}/${key}`, usage, seen)
  }
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Node)[method] as Node | undefined
      if (!op) continue
      const operationId = op.operationId as string
      const at = `${method.toUpperCase()} ${path}`
      const params = [...((item as Node).parameters as Node[] ?? []), ...((op.parameters as Node[]) ?? [])]
      for (const p of params) {
        for (const [label, value] of mediaExamples(p)) cases.push({ where: `${at} parameter ${p.name} ${label}`, value, check: { kind: 'parameter', operationId, in: p.in as string, name: p.name as string } })
        visit(p.schema, `${at} parameter ${p.name}`, 'request')
      }
      const body = op.requestBody as Node | undefined
      for (const [contentType, media] of Object.entries((body?.content ?? {}) as Record<string, Node>)) {
        for (const [label, value] of mediaExamples(media)) cases.push({ where: `${at} requestBody ${contentType} ${label}`, value, check: { kind: 'request-body', operationId, contentType } })
        visit(media.schema, `${at} requestBody ${contentType}`, 'request')
      }
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Node>)) {
        for (const [contentType, media] of Object.entries((response.content ?? {}) as Record<string, Node>)) {
          for (const [label, value] of mediaExamples(media)) cases.push({ where: `${at} ${status} ${contentType} ${label}`, value, check: { kind: 'response', operationId, status, contentType } })
          visit(media.schema, `${at} ${status} ${contentType}`, 'response')
        }
      }
    }
  }
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) visit(schema, `#/components/schemas/${name}`)
  for (const [schema, { where, usage }] of schemas) {
    const node = schema as Node
    const values = [...(Array.isArray(node.examples) ? node.examples : []), ...('example' in node ? [node.example] : [])]
    values.forEach((value, i) => cases.push({ where: `${where} examples[${i}]`, value, check: { kind: 'schema', schema, usage: [...usage] } }))
  }
  return cases
}

function mediaExamples(media: Node): [string, unknown][] {
  const out: [string, unknown][] = []
  if ('example' in media) out.push(['example', media.example])
  for (const [name, example] of Object.entries((media.examples ?? {}) as Record<string, Node>)) {
    if (example && 'value' in example) out.push([`examples.${name}`, example.value])
  }
  return out
}
