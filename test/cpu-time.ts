import { readFileSync } from 'node:fs'
import { afterAll } from 'vitest'

declare module 'vitest' {
  interface TaskMeta {
    /** CPU seconds the file cost: its worker's, and its child processes' where the platform tells (Linux). */
    cpuSeconds?: number
  }
}

/** User + system CPU seconds of this process and of the child processes it has reaped. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6 + childrenSeconds()
}

/** cutime + cstime from /proc/self/stat (clock ticks, 100 per second on Linux); 0 where there is no /proc. */
function childrenSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    return (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    return 0
  }
}

// A setup file runs before each test file, also when a worker runs several files (isolate: false): the
// difference is what this file cost, its imports included, whatever else the machine is doing.
const start = cpuSeconds()
// vitest reads hook arguments by destructuring: the file comes second, after an empty test context
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  file.meta.cpuSeconds = cpuSeconds() - start
})
