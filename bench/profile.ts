// `node dist/bench/profile.js <startup|startup-10k|list|list-10k|list-miss|create|checkout|contract> [seconds]`: the evidence behind a missed
// target. Runs promokit under `node --cpu-prof`, drives the scenario, and prints where the CPU went
// (self and inclusive time by function, self time by package). The .cpuprofile files stay in
// bench/profiles/ (git-ignored) for Chrome DevTools.
import { spawn } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { packageRoot } from '../src/paths.js'
import { APP_HEADERS, LIST_PATH, createCall, listCall, missListCall, prepareCheckout } from './lib/calls.js'
import { measureLoad } from './lib/load.js'
import { freePort, startServer, stopAll, track } from './lib/processes.js'
import { summarizeProfile } from './lib/profile-summary.js'

const [scenario = 'list', secondsArg = '5'] = process.argv.slice(2)
const seconds = Number(secondsArg)
const root = packageRoot()
const dir = join(root, 'bench', 'profiles', scenario)
rmSync(dir, { recursive: true, force: true })
mkdirSync(dir, { recursive: true })
const cpuProf = ['--cpu-prof', `--cpu-prof-dir=${dir}`]
const cli = join(root, 'bin', 'promokit.js')

if (scenario === 'contract') {
  const child = track(spawn(process.execPath, [...cpuProf, cli, 'contract'], { cwd: root, stdio: 'inherit' }))
  await new Promise((resolve) => child.on('close', resolve))
} else if (['startup', 'startup-10k', 'list', 'list-10k', 'list-miss', 'create', 'checkout'].includes(scenario)) {
  const seeded = ['startup-10k', 'list-10k', 'list-miss', 'checkout'].includes(scenario)
  const port = await freePort()
  const server = await startServer({
    name: 'promokit',
    command: process.execPath,
    args: [...cpuProf, cli, 'mock', '--host', '127.0.0.1', '--port', String(port), '--log-level', 'silent', ...(seeded ? ['--seed-campaigns', '10000'] : [])],
    cwd: root,
    port,
    probePath: LIST_PATH,
    probeHeaders: APP_HEADERS,
    timeoutMs: 180_000,
  })
  process.stderr.write(`started in ${Math.round(server.startupMs)} ms\n`)
  if (!scenario.startsWith('startup')) {
    const call =
      scenario === 'create'
        ? createCall(`profile-${Date.now()}`)
        : scenario === 'checkout'
          ? (await prepareCheckout(server.url, `profile-${Date.now()}`)).call
          : scenario === 'list-miss'
            ? missListCall()
            : listCall()
    const m = await measureLoad(server.url, call, { connections: 50, warmupSeconds: 1, durationSeconds: seconds, serverPid: server.child.pid })
    const cpu = m.cpuUsPerRequest === null ? '' : `, ${Math.round(m.cpuUsPerRequest)} µs CPU per request (profiler on)`
    process.stderr.write(`${scenario}: ${Math.round(m.rps)} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms${cpu}\n`)
  }
  // SIGTERM lets the mock shut down normally, which is when Node writes the profile.
  await server.stop()
} else {
  process.stderr.write('usage: node dist/bench/profile.js <startup|startup-10k|list|list-10k|list-miss|create|checkout|contract> [seconds]\n')
  process.exit(2)
}
await stopAll()

const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))
if (files.length === 0) throw new Error(`no profile written in ${dir}`)
for (const file of files) {
  const from = scenario.startsWith('startup') ? undefined : 'answerRequest'
  process.stdout.write(`\n${join(dir, file)}\n${summarizeProfile(join(dir, file), 25, from)}\n`)
}
