import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { harValidator } from '../testing/har-schema.js'
import { harEntryText } from './har-entry.js'
import { HarWriter } from './har-writer.js'
import { disk } from '../testing/full-disk.js'

vi.mock('node:fs', async (importOriginal) => (await import('../testing/full-disk.js')).withFullDisk(await importOriginal()))

const dir = mkdtempSync(join(tmpdir(), 'promokit-har-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const validate = harValidator()

const exchange = (i: number) => ({
  startedAt: Date.UTC(2026, 10, 26, 12, 0, i),
  durationMs: 3,
  request: { method: 'GET', url: `http://127.0.0.1:4010/v1/campaigns/camp_${i}`, headers: [['X-App-Id', 'app'], ['X-App-Token', 'secret-app-token']] as [string, string][] },
  response: { status: 200, headers: [['content-type', 'application/json']] as [string, string][], body: Buffer.from(`{"id":"camp_${i}"}`) },
})

describe('HarWriter', () => {
  it('leaves a valid HAR 1.2 file after every write, so stopping at any moment keeps what was recorded', async () => {
    const path = join(dir, 'a.har')
    const writer = new HarWriter(path, { name: 'test', version: '1' })
    const read = () => JSON.parse(readFileSync(path, 'utf8'))
    const urls = (n: number) => Array.from({ length: n }, (_, k) => `http://127.0.0.1:4010/v1/campaigns/camp_${k + 1}`)
    expect(read().log.entries).toEqual([])
    expect(validate(read())).toEqual([])
    for (let i = 1; i <= 3; i++) {
      await writer.append(harEntryText(exchange(i)))
      const doc = read()
      expect(doc.log.entries.map((e: any) => e.request.url)).toEqual(urls(i))
      expect(validate(doc)).toEqual([])
    }
    // concurrent exchanges: each append resolves once its entry (and every one before it) is in the file
    const inFileWhenResolved = await Promise.all([4, 5, 6, 7].map((i) => writer.append(harEntryText(exchange(i))).then(() => read().log.entries.length)))
    inFileWhenResolved.forEach((n, k) => expect(n).toBeGreaterThanOrEqual(4 + k))
    expect(read().log.entries.map((e: any) => e.request.url)).toEqual(urls(7))
    expect(validate(read())).toEqual([])
    expect(writer.size).toBe(readFileSync(path).length)
    writer.close()
    await expect(writer.append(harEntryText(exchange(8)))).rejects.toThrow(/closed/)
    expect(read().log.entries).toHaveLength(7)
  })

  it('writes the entries of one event-loop turn in one write, and close writes those still pending', async () => {
    const path = join(dir, 'b.har')
    const writer = new HarWriter(path, { name: 'test', version: '1' })
    const turn = [1, 2, 3].map((i) => writer.append(harEntryText(exchange(i))))
    expect(JSON.parse(readFileSync(path, 'utf8')).log.entries).toHaveLength(0)
    await Promise.all(turn)
    expect(JSON.parse(readFileSync(path, 'utf8')).log.entries).toHaveLength(3)
    for (let i = 4; i <= 5; i++) void writer.append(harEntryText(exchange(i)))
    writer.close()
    expect(JSON.parse(readFileSync(path, 'utf8')).log.entries).toHaveLength(5)
  })

  it('reports a failed write through append and `failure`, and writes nothing after it', async () => {
    const path = join(dir, 'c.har')
    const writer = new HarWriter(path, { name: 'test', version: '1' })
    await writer.append(harEntryText(exchange(1)))
    disk.full = true
    try {
      await expect(writer.append(harEntryText(exchange(2)))).rejects.toThrow(/ENOSPC/)
    } finally {
      disk.full = false
    }
    expect((await writer.failure).message).toMatch(/ENOSPC/)
    await expect(writer.append(harEntryText(exchange(3)))).rejects.toThrow(/ENOSPC/)
    writer.close()
    expect(JSON.parse(readFileSync(path, 'utf8')).log.entries).toHaveLength(1)
  })

  it('the schema check refuses what is not HAR (it can fail)', () => {
    expect(validate({ log: { version: '1.2', entries: [{ request: {} }] } }).length).toBeGreaterThan(0)
    expect(validate({})).not.toEqual([])
  })
})
