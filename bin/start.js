#!/usr/bin/env node
// `npm start [-- flags]`: `promokit mock` from a checkout. Rebuilds dist/ only when a source changed since
// the last build, then runs the mock in this same process, so stopping `npm start` (Ctrl-C, or a signal
// to its process id) stops the mock.
import { spawnSync } from 'node:child_process'
import { root, staleBecause } from './build-state.js'

const reason = staleBecause()
if (reason) {
  process.stderr.write(`promokit: building first (${reason === 'never built' ? 'never built' : `${reason} changed since the last build`})\n`)
  const built = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
// npm runs this through a shell, and a shell killed by npm (which forwards the signal) leaves its child
// running: when the parent goes, the mock stops as on Ctrl-C (drains, saves its state file, exits).
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM')
}, 200).unref()
process.argv.splice(2, 0, 'mock')
await import('./promokit.js')
