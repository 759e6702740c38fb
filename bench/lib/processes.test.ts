import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort, treeCpuMs, treeRssMb } from './processes.js'

describe('freePort', () => {
  it('gives a port that can be listened on at once', async () => {
    const port = await freePort()
    const server = createServer()
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve))
    expect(port).toBeGreaterThan(0)
    await new Promise((resolve) => server.close(resolve))
  })
})

describe.skipIf(process.platform !== 'linux')('process figures from /proc', () => {
  it('reads the resident memory of a running process in MiB', () => {
    const rss = treeRssMb(process.pid)
    expect(rss).toBeGreaterThan(10)
    expect(rss).toBeLessThan(process.memoryUsage().rss / 2 ** 20 + 1024)
  })

  it('reads CPU time that never goes backwards, and nothing for a process that does not exist', () => {
    const before = treeCpuMs(process.pid)
    let x = 0
    for (let i = 0; i < 1e6; i++) x += i
    expect(x).toBeGreaterThan(0)
    expect(treeCpuMs(process.pid)).toBeGreaterThanOrEqual(before)
    expect(treeCpuMs(2 ** 22 + 7)).toBe(0)
    expect(treeRssMb(2 ** 22 + 7)).toBe(0)
  })
})
