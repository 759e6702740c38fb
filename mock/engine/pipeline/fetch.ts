import type { CoreAnswer, CoreRequest } from './core-request.js'
import { tooLarge } from './read-body.js'

/** A Fetch API Request as the core sees it (MSW, service workers, edge runtimes). */
export function fromFetchRequest(request: Request): CoreRequest {
  const url = new URL(request.url)
  const headers: Record<string, string> = Object.create(null) as Record<string, string>
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  return {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    headers,
    origin: url.origin,
    async readBody(maxBytes) {
      if (request.body === null) return undefined
      const bytes = new Uint8Array(await request.arrayBuffer())
      if (bytes.length > maxBytes) throw tooLarge(maxBytes)
      return bytes.length === 0 ? undefined : bytes
    },
  }
}

/** A network fault (reset, abort, hang) is a network error for fetch: the one thing a Response can say about it. */
export function toFetchResponse(answer: CoreAnswer): Response {
  if (answer.network) return Response.error()
  return new Response(answer.body ?? null, { status: answer.status, headers: answer.headers })
}
