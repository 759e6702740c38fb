import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { APP_HEADERS, LIST_PATH } from './calls.js'
import { freePort, startServer, type StartedServer } from './processes.js'
import type { CeilingBodies } from '../workers/express-ceiling.js'

/** promokit as users run it: its own process through the CLI, system clock, silent logs. */
export async function startPromokit(root: string, extraArgs: string[] = [], timeoutMs = 60_000): Promise<StartedServer> {
  const port = await freePort()
  return startServer({
    name: 'promokit',
    command: process.execPath,
    args: [join(root, 'bin', 'promokit.js'), 'mock', '--host', '127.0.0.1', '--port', String(port), '--log-level', 'silent', ...extraArgs],
    cwd: root,
    port,
    probePath: LIST_PATH,
    probeHeaders: APP_HEADERS,
    timeoutMs,
  })
}

/** Prism as the issue names it: `prism mock spec/openapi.yaml`, default options, on a free port. */
export async function startPrism(root: string, timeoutMs = 120_000): Promise<StartedServer> {
  const port = await freePort()
  return startServer({
    name: 'prism',
    command: join(root, 'node_modules', '.bin', 'prism'),
    args: ['mock', join(root, 'spec', 'openapi.yaml'), '-h', '127.0.0.1', '-p', String(port)],
    cwd: root,
    port,
    probePath: LIST_PATH,
    probeHeaders: APP_HEADERS,
    timeoutMs,
  })
}

/** The bare Express 5 ceiling, answering the captured bodies (see workers/express-ceiling.ts). */
export const startExpressCeiling = (root: string, bodies: CeilingBodies): Promise<StartedServer> => startCeiling(root, 'express-ceiling', bodies)

/** The bare node:http ceiling, answering the same bodies (see workers/node-ceiling.ts). */
export const startNodeCeiling = (root: string, bodies: CeilingBodies): Promise<StartedServer> => startCeiling(root, 'node-ceiling', bodies)

async function startCeiling(root: string, worker: 'express-ceiling' | 'node-ceiling', bodies: CeilingBodies): Promise<StartedServer> {
  const port = await freePort()
  const file = join(mkdtempSync(join(tmpdir(), 'promokit-bench-')), 'bodies.json')
  writeFileSync(file, JSON.stringify(bodies))
  return startServer({
    name: worker,
    command: process.execPath,
    args: [join(root, 'dist', 'bench', 'workers', `${worker}.js`)],
    env: { BENCH_PORT: String(port), BENCH_BODIES_FILE: file },
    cwd: root,
    port,
    probePath: LIST_PATH,
    timeoutMs: 15_000,
  })
}
