import autocannon from 'autocannon'
import { treeCpuMs } from './processes.js'

export interface LoadCall {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  /** A fixed body, or a function that makes each body (e.g. unique campaign names). */
  body?: string | (() => string)
  /** Paths taken in turn instead of `path` (e.g. 600 distinct queries, so no answer comes from a cache). */
  paths?: string[]
}

export interface LoadOptions {
  connections: number
  warmupSeconds: number
  durationSeconds: number
  /** The server's pid: its CPU time over the measured run gives CPU per request. */
  serverPid?: number
}

export interface LoadResult {
  rps: number
  p50Ms: number
  p99Ms: number
  /** Server CPU (user + system) per completed request, in µs; null without a pid. */
  cpuUsPerRequest: number | null
  requests: number
  non2xx: number
  errors: number
  timeouts: number
  /** Connection errors by code (ECONNRESET, timeouts...), to say what went wrong. */
  errorKinds: Record<string, number>
  seconds: number
}

/** Warm-up (discarded: JIT, connection setup, caches) then the measured run, same call and connections. */
export async function measureLoad(url: string, call: LoadCall, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await fire(url, call, options.connections, { duration: options.warmupSeconds })
  const cpuBefore = options.serverPid ? treeCpuMs(options.serverPid) : 0
  const result = await fire(url, call, options.connections, { duration: options.durationSeconds })
  if (options.serverPid && result.requests > 0) {
    result.cpuUsPerRequest = ((treeCpuMs(options.serverPid) - cpuBefore) * 1000) / result.requests
  }
  return result
}

/** Exactly `amount` requests (used to seed state through the API). */
export async function sendAmount(url: string, call: LoadCall, connections: number, amount: number): Promise<LoadResult> {
  return fire(url, call, connections, { amount })
}

async function fire(
  url: string,
  call: LoadCall,
  connections: number,
  limit: { duration: number } | { amount: number },
): Promise<LoadResult> {
  const makeBody = call.body
  const request: autocannon.Request = { method: call.method, path: call.path, headers: call.headers }
  if (typeof makeBody === 'string') request.body = makeBody
  const paths = call.paths
  let turn = 0
  if (typeof makeBody === 'function' || paths) {
    request.setupRequest = (req) => ({
      ...req,
      ...(typeof makeBody === 'function' ? { body: makeBody() } : {}),
      ...(paths ? { path: paths[turn++ % paths.length] } : {}),
    })
  }
  const errorKinds: Record<string, number> = {}
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, ...limit, timeout: 10, requests: [request] }, (error, res) =>
      error ? reject(error) : resolve(res),
    )
    instance.on('reqError', (error: NodeJS.ErrnoException) => {
      const kind = error.code ?? error.message
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1
    })
  })
  const ok = result['2xx']
  return {
    // Completed 2xx answers per second over the whole run: an error page must not count as throughput.
    rps: ok / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuUsPerRequest: null,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    errorKinds,
    seconds: result.duration,
  }
}
