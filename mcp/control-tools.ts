import { join } from 'node:path'
import type { OpenAPIV3_1 } from 'openapi-types'
import { packageRoot } from '../src/paths.js'
import { parseSpec } from '../src/spec/load-spec.js'

type JsonSchema = Record<string, unknown>

/** One MCP tool made from one operation of the control API's description (mock/control/control-openapi.yaml). */
export interface ControlTool {
  name: string
  description: string
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required: string[]; additionalProperties: false }
  method: string
  /** The path template, e.g. /_mock/sandboxes/{sandboxId}. */
  path: string
  pathParams: string[]
  queryParams: string[]
  /** The request body travels as the `body` argument. */
  hasBody: boolean
}

// The console page is HTML for a person; every other control operation answers JSON an assistant can use.
const NOT_TOOLS = new Set(['getConsole'])
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

export const controlSpecPath = (): string => join(packageRoot(), 'mock', 'control', 'control-openapi.yaml')

/**
 * The control API as tools: the tool is named by the operationId, its input schema is the operation's path and
 * query parameters plus `body` (the request body's schema), so the description stays the single source.
 */
export async function loadControlTools(path = controlSpecPath()): Promise<ControlTool[]> {
  const { doc } = await parseSpec(path)
  const tools: ControlTool[] = []
  for (const [route, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation?.operationId || NOT_TOOLS.has(operation.operationId)) continue
      tools.push(toolOf(route, method, operation, [...(item.parameters ?? []), ...(operation.parameters ?? [])] as OpenAPIV3_1.ParameterObject[]))
    }
  }
  return tools
}

function toolOf(route: string, method: string, operation: OpenAPIV3_1.OperationObject, parameters: OpenAPIV3_1.ParameterObject[]): ControlTool {
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  const pathParams: string[] = []
  const queryParams: string[] = []
  for (const parameter of parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue
    properties[parameter.name] = { ...(parameter.schema as JsonSchema), ...(parameter.description ? { description: parameter.description } : {}) }
    if (parameter.required) required.push(parameter.name)
    ;(parameter.in === 'path' ? pathParams : queryParams).push(parameter.name)
  }
  const body = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['application/json']?.schema
  if (body) {
    properties.body = { ...(body as JsonSchema), description: 'The JSON request body.' }
    if ((operation.requestBody as OpenAPIV3_1.RequestBodyObject).required) required.push('body')
  }
  const words = [operation.summary, operation.description].filter(Boolean).join('\n\n')
  return {
    name: operation.operationId!,
    description: `${words}\n\n(${method.toUpperCase()} ${route} on the mock)`,
    inputSchema: { type: 'object', properties, required, additionalProperties: false },
    method: method.toUpperCase(),
    path: route,
    pathParams,
    queryParams,
    hasBody: body !== undefined,
  }
}
