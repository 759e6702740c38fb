import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

/** Every child the bench starts, so one `stopAll()` (also on SIGINT or a crash) leaves nothing running. */
const children = new Set<ChildProcess>()

export interface StartedServer {
  name: string
  child: ChildProcess
  url: string
  /** Launch to the first 2xx answer of the readiness probe, in ms. */
  startupMs: number
  /** stderr/stdout tail, for error messages when something does not start. */
  output(): string
  stop(): Promise<void>
}

export interface StartOptions {
  name: string
  command: string
  args: string[]
  port: number
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** Path (with query) that answers 2xx once the server is ready. */
  probePath: string
  probeHeaders?: Record<string, string>
  timeoutMs: number
}

/** A port that was free a moment ago on 127.0.0.1 (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * Spawns a server and polls it until the probe answers 2xx; the time from spawn to that answer
 * is the start-up time a user waits for (process start, module loading, spec parsing, listen).
 */
export async function startServer(options: StartOptions): Promise<StartedServer> {
  const started = performance.now()
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  let tail = ''
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString()).slice(-4000)
  }
  // Always drain the pipes: a full pipe would block a chatty server (Prism logs every request).
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  let exited: number | null = null
  child.on('exit', (code) => {
    exited = code ?? -1
    children.delete(child)
  })

  const url = `http://127.0.0.1:${options.port}`
  const deadline = started + options.timeoutMs
  for (;;) {
    if (exited !== null) throw new Error(`${options.name} exited with code ${exited} before answering:\n${tail}`)
    if (performance.now() > deadline) {
      await stopChild(child)
      throw new Error(`${options.name} did not answer 2xx on ${options.probePath} within ${options.timeoutMs} ms:\n${tail}`)
    }
    const ok = await fetch(url + options.probePath, { headers: options.probeHeaders }).then(
      async (res) => {
        await res.arrayBuffer()
        return res.ok
      },
      () => false,
    )
    if (ok) break
    await sleep(5)
  }
  const startupMs = performance.now() - started
  return { name: options.name, child, url, startupMs, output: () => tail, stop: () => stopChild(child) }
}

/** SIGTERM, then SIGKILL after a grace period; resolves once the process is gone. */
export async function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await gone
  clearTimeout(timer)
  children.delete(child)
}

/** Registers a child started elsewhere (workers, the contract CLI) so `stopAll()` ends it too. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child)))
}

/** Synchronous last resort for `process.on('exit')`: no awaiting possible there. */
export function killAllNow(): void {
  for (const child of children) child.kill('SIGKILL')
}

/**
 * Resident set size of a process and all its descendants, in MiB (Linux /proc). Prism may fork
 * helpers, so the whole tree counts.
 */
export function treeRssMb(pid: number): number {
  let kb = 0
  for (const p of [pid, ...descendants(pid)]) kb += rssKb(p)
  return kb / 1024
}

/**
 * CPU time (user + system) a process and its descendants have used so far, in ms. Sampled around a
 * load run it gives the server's CPU per request: unlike req/s, it hardly moves when the machine is
 * busy with other work, so it shows where a server is slower than another.
 */
export function treeCpuMs(pid: number): number {
  let ticks = 0
  for (const p of [pid, ...descendants(pid)]) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // The process is gone: nothing more to count.
    }
  }
  return ticks * 10
}

function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
    return match ? Number(match[1]) : 0
  } catch {
    return 0
  }
}

function descendants(root: number): number[] {
  const parents = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name may contain spaces and parentheses: the ppid is the second field after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const list = parents.get(ppid) ?? []
      list.push(Number(entry))
      parents.set(ppid, list)
    } catch {
      // The process ended while we were reading: it has no RSS left to count.
    }
  }
  const out: number[] = []
  const queue = [root]
  while (queue.length > 0) {
    for (const kid of parents.get(queue.shift()!) ?? []) {
      out.push(kid)
      queue.push(kid)
    }
  }
  return out
}

/** Launches of one server: the median start-up, each launch, the idle RSS, and the last process, still running. */
export interface StartupSample {
  server: StartedServer
  medianMs: number
  samplesMs: number[]
  idleRssMb: number
}

/**
 * Starts a server `launches` times and keeps the last one running. One launch on a shared 2-core
 * machine moved by ±100 ms from run to run; the median of several is the figure worth comparing
 * (perf-baseline.md reports Prism's start-up the same way: min / median / max of three). RSS is read
 * after 0.5 s, once start-up garbage has settled: what an idle server holds.
 */
export async function sampleStartup(start: () => Promise<StartedServer>, launches: number): Promise<StartupSample> {
  const samplesMs: number[] = []
  for (let i = 1; ; i++) {
    const server = await start()
    samplesMs.push(Math.round(server.startupMs * 10) / 10)
    if (i >= launches) {
      const sorted = [...samplesMs].sort((a, b) => a - b)
      await sleep(500)
      return { server, medianMs: sorted[Math.floor(sorted.length / 2)], samplesMs, idleRssMb: Math.round(treeRssMb(server.child.pid!) * 10) / 10 }
    }
    await server.stop()
  }
}
