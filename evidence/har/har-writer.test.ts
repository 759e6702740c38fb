import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { harValidator } from '../testing/har-schema.js'
import { toHarEntry } from './har-entry.js'
import { HarWriter } from './har-writer.js'

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
  it('leaves a valid HAR 1.2 file after every entry, so stopping at any moment keeps what was recorded', () => {
    const path = join(dir, 'a.har')
    const writer = new HarWriter(path, { name: 'test', version: '1' })
    const read = () => JSON.parse(readFileSync(path, 'utf8'))
    expect(read().log.entries).toEqual([])
    expect(validate(read())).toEqual([])
    for (let i = 1; i <= 3; i++) {
      writer.append(toHarEntry(exchange(i)))
      const doc = read()
      expect(doc.log.entries.map((e: any) => e.request.url)).toEqual(Array.from({ length: i }, (_, k) => `http://127.0.0.1:4010/v1/campaigns/camp_${k + 1}`))
      expect(validate(doc)).toEqual([])
    }
    expect(writer.size).toBe(readFileSync(path).length)
    writer.close()
    writer.append(toHarEntry(exchange(4)))
    expect(read().log.entries).toHaveLength(3)
  })

  it('the schema check refuses what is not HAR (it can fail)', () => {
    expect(validate({ log: { version: '1.2', entries: [{ request: {} }] } }).length).toBeGreaterThan(0)
    expect(validate({})).not.toEqual([])
  })
})
