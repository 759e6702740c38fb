// The ceiling for a recording proxy built on node:http alone: a bare forwarder (node:http server in front, a
// keep-alive node:http client behind, bodies buffered as a recorder must, nothing recorded). `promokit record` has
// the same server but forwards through undici's dispatcher (contracts/http-transport.ts, about half this client's
// CPU), then redacts and writes the HAR file; the gap between this and the mock alone is what a second process and
// a second hop cost on this machine (three processes share its cores).
import { Agent, createServer, request } from 'node:http'

const port = Number(process.env.BENCH_PORT)
const target = new URL(process.env.BENCH_TARGET ?? '')
const agent = new Agent({ keepAlive: true })

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const headers = { ...req.headers, host: target.host }
    const outgoing = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers, agent }, (answer) => {
      const body: Buffer[] = []
      answer.on('data', (chunk: Buffer) => body.push(chunk))
      answer.on('end', () => {
        const bytes = Buffer.concat(body)
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'content-length': bytes.length })
        res.end(bytes)
      })
    })
    outgoing.on('error', () => res.writeHead(502).end())
    outgoing.end(Buffer.concat(chunks))
  })
})
server.listen(port, '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
