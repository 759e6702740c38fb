import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A port that was free a moment ago: connecting to it is refused. For tests. */
export async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export interface ScriptedAnswer {
  status: number
  headers?: Record<string, string>
  body?: unknown
}

/** A stand-in target on 127.0.0.1, port 0, answering each request with `answer(req)`; it records what it got. For tests. */
export async function scriptedServer(answer: (req: IncomingMessage) => ScriptedAnswer): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`)
    const a = answer(req)
    res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers }).end(a.body === undefined ? '' : JSON.stringify(a.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
