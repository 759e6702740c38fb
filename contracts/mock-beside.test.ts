import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { packageRoot } from '../src/paths.js'
import { startMockBeside as fromSources } from './mock-beside.js'

const root = packageRoot()

/** The built module: only there does the mock get a thread of its own (its entry is compiled JavaScript). */
async function fromDist(): Promise<typeof fromSources> {
  const file = join(root, 'dist', 'contracts', 'mock-beside.js')
  if (!existsSync(join(root, 'dist', 'contracts', 'mock-thread.js'))) execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  return ((await import(pathToFileURL(file).href)) as { startMockBeside: typeof fromSources }).startMockBeside
}

describe('the mock promokit contract starts when no target is given', () => {
  it.each([['on a thread of its own (built)', fromDist], ['on the main thread (run from the sources)', async () => fromSources]])('%s: answers with its latency and keys, its clock running; close() stops it', async (_how, load) => {
    const mock = await (await load())(30)
    let closed = false
    try {
      const clock = async (): Promise<number> => ((await (await fetch(`${mock.url}/_mock/clock`)).json()) as { epoch_ms: number }).epoch_ms
      const before = await clock()
      const started = performance.now()
      const res = await fetch(`${mock.url}/v1/campaigns?limit=1`, { headers: { 'X-App-Id': mock.credentials.appId, 'X-App-Token': mock.credentials.appToken } })
      expect(res.status).toBe(200)
      expect(performance.now() - started).toBeGreaterThanOrEqual(25)
      // The latency took real time, and the mock's clock went with it (a manual clock would stand still).
      expect((await clock()) - before).toBeGreaterThanOrEqual(25)
      await mock.close()
      closed = true
      await expect(fetch(`${mock.url}/_mock/clock`)).rejects.toThrow()
    } finally {
      if (!closed) await mock.close()
    }
  }, 120_000)
})
