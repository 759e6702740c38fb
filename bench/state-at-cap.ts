// `node dist/bench/state-at-cap.js [sandboxes...]` (default 100 1000 2000): what `GET /_mock/state` costs
// with that many sandboxes (issue 21 §4: "stays under a second at the cap"). Per count it starts
// `promokit mock --max-sandboxes <n>`, creates the sandboxes, then times the dump (median of 5, the mock's
// CPU time per dump, its size), how long an API read sent just after it waits, and the mock's memory.
import { join } from 'node:path'
import { packageRoot } from '../src/paths.js'
import { APP_HEADERS } from './lib/calls.js'
import { freePort, startServer, stopAll, treeCpuMs, treeRssMb } from './lib/processes.js'

const counts = process.argv.slice(2).map(Number)
const CONTROL = { 'Content-Type': 'application/json' }
const cli = join(packageRoot(), 'bin', 'promokit.js')

async function timed(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now()
  const res = await fetch(url, { headers })
  const bytes = (await res.arrayBuffer()).byteLength
  return { ms: performance.now() - started, bytes, status: res.status }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function measure(sandboxes: number): Promise<string> {
  const port = await freePort()
  const server = await startServer({
    name: 'promokit',
    command: process.execPath,
    args: [cli, 'mock', '--port', String(port), '--log-level', 'silent', '--max-sandboxes', String(sandboxes)],
    port,
    probePath: '/_mock/clock',
    timeoutMs: 60_000,
  })
  try {
    // eight at a time, as parallel test workers would
    for (let made = 0; made < sandboxes; made += 8) {
      const batch = Array.from({ length: Math.min(8, sandboxes - made) }, () => fetch(`${server.url}/_mock/sandboxes`, { method: 'POST', headers: CONTROL }).then((res) => res.arrayBuffer().then(() => res.status)))
      const statuses = await Promise.all(batch)
      if (statuses.some((s) => s !== 201)) throw new Error(`creating sandboxes answered ${statuses.join(', ')}`)
    }
    // CPU time the mock spends per dump: on a shared machine wall time moves with the load, this much less
    const pid = server.child.pid as number
    const cpuBefore = treeCpuMs(pid)
    const dumps = []
    for (let i = 0; i < 5; i++) dumps.push(await timed(`${server.url}/_mock/state`))
    const cpuPerDump = (treeCpuMs(pid) - cpuBefore) / dumps.length
    const countsOnly = []
    for (let i = 0; i < 5; i++) countsOnly.push(await timed(`${server.url}/_mock/state?counts=true`))
    // an API read sent right behind a dump waits for it: the dump blocks the mock while it is built
    const [, behind] = await Promise.all([timed(`${server.url}/_mock/state`), new Promise((r) => setTimeout(r, 1)).then(() => timed(`${server.url}/v1/campaigns?limit=1`, APP_HEADERS))])
    const rss = treeRssMb(pid)
    return `${sandboxes} sandboxes: GET /_mock/state median ${Math.round(median(dumps.map((d) => d.ms)))} ms (max ${Math.round(Math.max(...dumps.map((d) => d.ms)))}), ` +
      `${Math.round(cpuPerDump)} ms CPU each, ${(dumps[0].bytes / 1024).toFixed(0)} KB; ` +
      `?counts=true ${Math.round(median(countsOnly.map((d) => d.ms)))} ms; an API read behind it ${Math.round(behind.ms)} ms; RSS ${Math.round(rss)} MB`
  } finally {
    await server.stop()
  }
}

try {
  for (const n of counts.length > 0 ? counts : [100, 1000, 2000]) process.stdout.write(`${await measure(n)}\n`)
} finally {
  await stopAll()
}
