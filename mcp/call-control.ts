import type { ControlTool } from './control-tools.js'

/** Where the tools act: a running promokit mock, and the control token it asks for (when bound beyond loopback). */
export interface ControlTarget {
  /** Base URL of the mock, without a trailing slash. */
  url: string
  controlToken?: string
}

/** The header that carries the control token (docs/mock-server.md, "Security"). */
export const CONTROL_TOKEN_HEADER = 'x-promokit-control-token'

export interface ControlAnswer {
  status: number
  body: unknown
}

/** Arguments the tool's schema does not name: refused before anything is sent, so a typo changes nothing. */
export function unknownArguments(tool: ControlTool, args: Record<string, unknown>): string[] {
  return Object.keys(args).filter((key) => !Object.hasOwn(tool.inputSchema.properties, key))
}

/** Sends one control call: path parameters into the path, query parameters into the query, `body` as JSON. */
export async function callControl(target: ControlTarget, tool: ControlTool, args: Record<string, unknown>, timeoutMs = 30_000): Promise<ControlAnswer> {
  const missing = tool.pathParams.filter((name) => typeof args[name] !== 'string' || args[name] === '')
  if (missing.length > 0) throw new TypeError(`${tool.name} needs ${missing.join(', ')}`)
  const path = tool.path.replace(/\{(\w+)\}/g, (_all, name: string) => encodeURIComponent(String(args[name])))
  const url = new URL(`${target.url}${path}`)
  for (const name of tool.queryParams) {
    if (args[name] !== undefined) url.searchParams.set(name, String(args[name]))
  }
  // A JSON content type on every call: the control plane refuses "simple" (CSRF-able) requests that change state.
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (target.controlToken) headers[CONTROL_TOKEN_HEADER] = target.controlToken
  const init: RequestInit = { method: tool.method, headers, signal: AbortSignal.timeout(timeoutMs) }
  if (tool.hasBody) init.body = JSON.stringify(args.body ?? {})
  const response = await fetch(url, init)
  const text = await response.text()
  let body: unknown = text
  try {
    body = text === '' ? null : JSON.parse(text)
  } catch {
    // not JSON: handed on as text
  }
  return { status: response.status, body }
}
