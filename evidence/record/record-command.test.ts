import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createMockServer } from '../../mock/adapters/node-server.js'
import { recordCommand } from './record-command.js'
import { disk } from '../testing/full-disk.js'

vi.mock('node:fs', async (importOriginal) => (await import('../testing/full-disk.js')).withFullDisk(await importOriginal()))

const dir = mkdtempSync(join(tmpdir(), 'promokit-record-command-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('promokit record', () => {
  it('stops with exit code 1 and says why when the HAR file cannot be written; what was recorded before stays valid', async () => {
    const mock = await createMockServer()
    const har = join(dir, 'full.har')
    let proxyUrl!: (url: string) => void
    const listening = new Promise<string>((resolve) => (proxyUrl = resolve))
    const io = { stdout: { write: (text: string) => proxyUrl(/through (http:\/\/\S+)/.exec(text)?.[1] ?? '') } }
    try {
      // settled into a value at once: it fails while the test is still sending
      const outcome = recordCommand(io, {}).parseAsync(['--target', mock.url, '--port', '0', '--out', har], { from: 'user' }).then(() => 'stopped cleanly', (error: unknown) => error)
      const url = await listening
      const headers = { 'x-app-id': mock.credentials.appId, 'x-app-token': mock.credentials.appToken }
      expect((await fetch(`${url}/v1/categories`, { headers })).status).toBe(200)
      disk.full = true
      // the exchange happened at the target: its client is answered even though it could not be recorded
      expect((await fetch(`${url}/v1/campaigns`, { headers })).status).toBe(200)
      expect(await outcome).toMatchObject({ exitCode: 1, message: expect.stringMatching(/stopped recording: .*full\.har could not be written \(ENOSPC/) })
    } finally {
      disk.full = false
      await mock.close()
    }
    const entries = JSON.parse(readFileSync(har, 'utf8')).log.entries
    expect(entries.map((e: { request: { url: string } }) => new URL(e.request.url).pathname)).toEqual(['/v1/categories'])
  })

  it('prints how many exchanges it has recorded so far while it runs, only when that changed', async () => {
    const mock = await createMockServer()
    let tick!: () => void
    let stopped = false
    let out = ''
    let proxyUrl!: (url: string) => void
    const listening = new Promise<string>((resolve) => (proxyUrl = resolve))
    const io = {
      stdout: { write: (text: string) => void ((out += text), /through (http:\/\/\S+)/.test(text) && proxyUrl(/through (http:\/\/\S+)/.exec(text)![1])) },
      every: (ms: number, fn: () => void) => ((tick = fn), expect(ms).toBe(10_000), () => void (stopped = true)),
    }
    const outcome = recordCommand(io, {}).parseAsync(['--target', mock.url, '--port', '0', '--out', join(dir, 'progress.har')], { from: 'user' })
    try {
      const url = await listening
      const headers = { 'x-app-id': mock.credentials.appId, 'x-app-token': mock.credentials.appToken }
      for (let i = 0; i < 2; i++) expect((await fetch(`${url}/v1/categories`, { headers })).status).toBe(200)
      tick()
      tick()
      expect(out.split('\n').filter((line) => line.startsWith('…'))).toEqual([expect.stringMatching(/^… 2 exchange\(s\) recorded so far \(\d+ KB\)$/)])
    } finally {
      process.emit('SIGINT')
      await outcome
      await mock.close()
    }
    expect(stopped).toBe(true)
  })
})
