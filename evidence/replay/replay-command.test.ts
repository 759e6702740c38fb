import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createMockServer } from '../../mock/adapters/node-server.js'
import { exchangeWith } from '../testing/record-exchange.js'
import { replayCommand } from './replay-command.js'

const dir = mkdtempSync(join(tmpdir(), 'promokit-replay-command-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('promokit replay', () => {
  it('says how far a long replay is every few seconds, and prints the summary at the end', async () => {
    const recorded = await createMockServer()
    const exchange = exchangeWith(recorded)
    const entries = []
    try {
      for (let i = 0; i < 4; i++) entries.push(await exchange(i * 100, 'GET', '/v1/categories'))
    } finally {
      await recorded.close()
    }
    const har = join(dir, 'four.har')
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } }))
    let out = ''
    // every reading of the clock is 2 s later: the third exchange is the first past 5 s
    let t = 0
    const io = { stdout: { write: (text: string) => void (out += text) }, env: {}, now: () => (t += 2_000) }
    await replayCommand(io).parseAsync([har, '--against', 'mock'], { from: 'user' })

    expect(out.split('\n').filter((line) => line.startsWith('…'))).toEqual(['… 3/4 exchange(s) replayed, 0 contract difference(s) and 0 timing so far'])
    expect(out).toMatch(/4\/4 exchange\(s\) agree, 0 contract difference\(s\), 0 timing difference\(s\)\n$/)
  })
})
