import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { track } from './processes.js'

/**
 * Runs a compiled worker (dist/bench/workers/<name>.js) in a fresh process with --expose-gc, so its
 * memory figures start from a clean heap, and returns the JSON it prints as its last stdout line.
 */
export async function runWorker<T>(root: string, name: string, args: string[], timeoutMs: number, log: (m: string) => void): Promise<T> {
  const script = join(root, 'dist', 'bench', 'workers', `${name}.js`)
  const child = track(spawn(process.execPath, ['--expose-gc', script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }))
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
    for (const line of chunk.toString().split('\n')) if (line.startsWith('[worker]')) log(line.slice(9))
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  const code = await new Promise<number>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (c) => resolve(c ?? -1))
  })
  clearTimeout(timer)
  const last = stdout.trim().split('\n').pop() ?? ''
  if (code !== 0 || !last.startsWith('{')) {
    throw new Error(`worker ${name} exited ${code}${code === -1 ? ` (killed after ${timeoutMs} ms)` : ''}: ${stderr.slice(-800)}`)
  }
  return JSON.parse(last) as T
}
