import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { JOURNAL_FORMAT, JournalWriter, journalLine, readJournal } from './journal-file.js'
import { StateFileError } from './state-file.js'

const dir = mkdtempSync(join(tmpdir(), 'promokit-journal-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const header = journalLine({ format: JOURNAL_FORMAT, generation: 3 })

describe('the journal file', () => {
  it('reads back what was appended, in order', async () => {
    const file = join(dir, 'ok.journal')
    const writer = await JournalWriter.create(file, 3, 'everysec')
    await Promise.all([writer.append({ n: 1 }), writer.append({ n: 2 })])
    await writer.append({ n: 3 })
    await writer.close()
    expect(await readJournal(file)).toEqual({ generation: 3, records: [{ n: 1 }, { n: 2 }, { n: 3 }], tornBytes: 0, validBytes: readFileSync(file).length })
  })

  it('drops a torn last record (no newline, or a bad checksum) and says how many bytes', async () => {
    const cut = join(dir, 'cut.journal')
    const whole = journalLine({ n: 1 })
    const partial = journalLine({ n: 2, body: 'x'.repeat(40) }).slice(0, 30)
    writeFileSync(cut, header + whole + partial)
    expect(await readJournal(cut)).toMatchObject({ records: [{ n: 1 }], tornBytes: 30, validBytes: header.length + whole.length })
    const flipped = join(dir, 'flipped-tail.journal')
    const last = journalLine({ n: 2 }).replace('"n":2', '"n":3')
    writeFileSync(flipped, header + whole + last)
    expect(await readJournal(flipped)).toMatchObject({ records: [{ n: 1 }], tornBytes: last.length })
    // appending after a reopen starts where the complete records end
    const writer = await JournalWriter.reopen(cut, header.length + whole.length, 'always')
    await writer.append({ n: 4 })
    await writer.close()
    expect(await readJournal(cut)).toMatchObject({ records: [{ n: 1 }, { n: 4 }], tornBytes: 0 })
  })

  it('refuses a damaged record before the last one: the journal cannot be replayed past it', async () => {
    const file = join(dir, 'damaged.journal')
    writeFileSync(file, header + journalLine({ n: 1 }).replace('"n":1', '"n":7') + journalLine({ n: 2 }))
    const error = await readJournal(file).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StateFileError)
    expect((error as Error).message).toMatch(/record 1 .* is damaged/)
    const notOne = join(dir, 'other.journal')
    writeFileSync(notOne, journalLine({ format: 'something else' }) + journalLine({ n: 1 }))
    await expect(readJournal(notOne)).rejects.toThrow('is not a promokit journal')
  })

  it('group commit: concurrent appends share writes (and, with always, fdatasyncs)', async () => {
    const file = join(dir, 'group.journal')
    const writer = await JournalWriter.create(file, 0, 'always')
    await Promise.all(Array.from({ length: 200 }, (_, n) => writer.append({ n })))
    // the first record goes out alone, the 199 queued behind it in one more write
    expect(writer.stats).toEqual({ records: 200, writes: 2, syncs: 2 })
    await writer.close()
    expect((await readJournal(file))?.records).toHaveLength(200)
    appendFileSync(file, 'garbage')
    expect((await readJournal(file))?.tornBytes).toBe(7)
  })
})
