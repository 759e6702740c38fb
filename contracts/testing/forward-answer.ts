import type { IncomingMessage, ServerResponse } from 'node:http'

/** Hop-by-hop and length headers a forwarding test server must not copy from the answer it relays. */
const NOT_COPIED = ['content-length', 'transfer-encoding', 'connection', 'keep-alive']

/** Reads a request's whole body (test servers in front of the mock). */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Sends the request on to `baseUrl` and writes its answer back, with `extra` headers added. */
export async function forwardAnswer(baseUrl: string, req: IncomingMessage, body: Buffer, res: ServerResponse, extra: Record<string, string> = {}): Promise<void> {
  const answer = await fetch(`${baseUrl}${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: body.length ? body : undefined, redirect: 'manual' })
  const headers: Record<string, string> = {}
  answer.headers.forEach((value, name) => {
    if (!NOT_COPIED.includes(name)) headers[name] = value
  })
  res.writeHead(answer.status, { ...headers, ...extra })
  res.end(Buffer.from(await answer.arrayBuffer()))
}
