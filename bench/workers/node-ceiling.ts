// The machine's ceiling: a bare node:http server answering the list call with the same fixed body as the
// Express ceiling. Nothing built on node:http serves that body faster here, with the load generator on
// the same two cores; it puts "15x Prism" in proportion (perf-baseline.md: bare http, 18-19k req/s).
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'
import type { CeilingBodies } from './express-ceiling.js'

const port = Number(process.env.BENCH_PORT)
const bodies = JSON.parse(readFileSync(process.env.BENCH_BODIES_FILE ?? '', 'utf8')) as CeilingBodies

const server = createServer((req, res) => {
  const name = req.headers['x-bench-body']
  const fixed = (typeof name === 'string' ? bodies[name] : undefined) ?? bodies.default
  // drain any request body first, as a real server must
  req.resume()
  req.on('end', () => {
    res.statusCode = fixed.status
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    res.end(fixed.body)
  })
})
server.listen(port, '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
