// The ceiling: a bare Express 5 app with express.json() (as perf-baseline.md measured it) that answers
// every benchmarked call with a fixed body of the same size as promokit's answer. No server built on
// Express can beat this on the same machine, so promokit's throughput is reported as a fraction of it.
import { readFileSync } from 'node:fs'
import express from 'express'

export interface CeilingBody {
  status: number
  body: string
}

/** Which captured body to send: the `x-bench-body` header names it (reading a header costs nothing). */
export type CeilingBodies = Record<string, CeilingBody>

const port = Number(process.env.BENCH_PORT)
const bodies = JSON.parse(readFileSync(process.env.BENCH_BODIES_FILE ?? '', 'utf8')) as CeilingBodies

const app = express()
app.use(express.json())
const answer = (req: express.Request, res: express.Response): void => {
  const fixed = bodies[req.get('x-bench-body') ?? ''] ?? bodies.default
  res.status(fixed.status).type('application/json').send(fixed.body)
}
app.get('/v1/campaigns', answer)
app.post('/v1/campaigns', answer)
app.post('/v1/validations', answer)

const server = app.listen(port, '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
