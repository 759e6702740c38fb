import type { OpenAPIV3_1 } from 'openapi-types'
import type { OpenApiDocument, SchemaObject } from './load-spec.js'

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie'

export interface ParameterInfo {
  name: string
  in: ParameterLocation
  required: boolean
  schema: SchemaObject
  style: string
  explode: boolean
}

export interface BodyInfo {
  required: boolean
  contentTypes: string[]
  schemas: Record<string, SchemaObject>
}

export interface ResponseInfo {
  contentTypes: string[]
  schemas: Record<string, SchemaObject>
  headers: Record<string, { required: boolean; schema: SchemaObject }>
}

export interface OperationInfo {
  operationId: string
  /** Upper case, e.g. `GET`. */
  method: string
  /** The OpenAPI path template, e.g. `/v1/campaigns/{campaignId}`. */
  path: string
  /** Matches a concrete path; one named group per path parameter (see `pathParamNames` for the mapping). */
  pathPattern: RegExp
  pathParamNames: string[]
  parameters: ParameterInfo[]
  requestBody?: BodyInfo
  /** Keyed by the spec's status key: `200`, `4XX`, `default`. */
  responses: Record<string, ResponseInfo>
  security: OpenAPIV3_1.SecurityRequirementObject[]
  tags: string[]
  summary?: string
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

/** Every operation of a dereferenced document, in document order. */
export function listOperations(doc: OpenApiDocument): OperationInfo[] {
  const operations: OperationInfo[] = []
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue
    const { pattern, names } = compilePathTemplate(path)
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      if (!op.operationId) throw new Error(`spec: ${method.toUpperCase()} ${path} has no operationId`)
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        pathPattern: pattern,
        pathParamNames: names,
        parameters: mergeParameters(item.parameters, op.parameters),
        requestBody: bodyInfo(op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined),
        responses: responsesInfo(op.responses ?? {}),
        security: op.security ?? doc.security ?? [],
        tags: op.tags ?? [],
        summary: op.summary,
      })
    }
  }
  return operations
}

/** `/v1/campaigns/{campaignId}` → `^/v1/campaigns/(?<campaignId>[^/]+)$`. */
export function compilePathTemplate(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = []
  const source = template.split('/').map((segment) =>
    segment.replace(/\{([^}]+)\}|[^{]+/g, (match, name: string | undefined) => {
      if (name === undefined) return match.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(name)
      const group = /^[A-Za-z_$][\w$]*$/.test(name) ? name : `p${names.length - 1}`
      return `(?<${group}>[^/]+)`
    }),
  )
  return { pattern: new RegExp(`^${source.join('/')}$`), names }
}

type ParamList = (OpenAPIV3_1.ReferenceObject | OpenAPIV3_1.ParameterObject)[] | undefined

function mergeParameters(pathLevel: ParamList, opLevel: ParamList): ParameterInfo[] {
  // Operation-level parameters override path-level ones with the same name and location (OpenAPI 3.1 §4.8.8).
  const byKey = new Map<string, ParameterInfo>()
  for (const raw of [...(pathLevel ?? []), ...(opLevel ?? [])]) {
    const p = raw as OpenAPIV3_1.ParameterObject
    const location = p.in as ParameterLocation
    const style = p.style ?? (location === 'query' || location === 'cookie' ? 'form' : 'simple')
    const schema = (p.schema ?? firstContentSchema(p.content) ?? {}) as SchemaObject
    byKey.set(`${location}:${p.name}`, {
      name: p.name,
      in: location,
      required: location === 'path' ? true : p.required === true,
      schema,
      style,
      explode: p.explode ?? style === 'form',
    })
  }
  return [...byKey.values()]
}

function firstContentSchema(content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined) {
  return content ? Object.values(content)[0]?.schema : undefined
}

function bodyInfo(body: OpenAPIV3_1.RequestBodyObject | undefined): BodyInfo | undefined {
  if (!body) return undefined
  const schemas = contentSchemas(body.content)
  return { required: body.required === true, contentTypes: Object.keys(schemas), schemas }
}

function responsesInfo(responses: OpenAPIV3_1.ResponsesObject): Record<string, ResponseInfo> {
  const out: Record<string, ResponseInfo> = {}
  for (const [status, raw] of Object.entries(responses)) {
    const response = raw as OpenAPIV3_1.ResponseObject
    const schemas = contentSchemas(response.content)
    const headers: ResponseInfo['headers'] = {}
    for (const [name, rawHeader] of Object.entries(response.headers ?? {})) {
      const header = rawHeader as OpenAPIV3_1.HeaderObject
      const schema = (header.schema ?? firstContentSchema(header.content) ?? {}) as SchemaObject
      headers[name.toLowerCase()] = { required: header.required === true, schema }
    }
    out[status] = { contentTypes: Object.keys(schemas), schemas, headers }
  }
  return out
}

function contentSchemas(content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined) {
  const schemas: Record<string, SchemaObject> = {}
  // A media type without a schema accepts anything, like an empty schema.
  for (const [type, media] of Object.entries(content ?? {})) schemas[type] = (media.schema ?? {}) as SchemaObject
  return schemas
}
