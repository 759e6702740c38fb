import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createMockDeps, type MockDeps } from '../../adapters/node-deps.js'
import { createMockCore } from '../pipeline/core.js'
import { sharedSpec } from '../../testing/shared-spec.js'
import { journalPath, journalSources, openPersistence, type PersistenceOptions } from './persistence.js'

const dir = mkdtempSync(join(tmpdir(), 'promokit-persistence-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const APP = { 'x-app-id': 'promokit-app-id', 'x-app-token': 'promokit-app-token', 'content-type': 'application/json' }
const promotion = (name: string) => ({ name, campaign_type: 'PROMOTION', promotion: { tiers: [{ name: 'T', action: { discount: { type: 'PERCENT', percent_off: 5 } } }] } })

/** A mock as the CLI builds one with --state-file, in process; "crashing" it is dropping it without close(). */
async function open(file: string, options: PersistenceOptions = {}) {
  const deps = await createMockDeps({ clock: 'system', logLevel: 'silent' }, { spec: await sharedSpec(), ...journalSources() })
  const persistence = await openPersistence(file, deps, options)
  const core = createMockCore(deps)
  const create = async (name: string): Promise<string> => {
    const res = await core.handle(new Request('http://mock/v1/campaigns', { method: 'POST', headers: APP, body: JSON.stringify(promotion(name)) }))
    expect(res.status).toBe(200)
    return ((await res.json()) as { id: string }).id
  }
  return { deps, persistence, create }
}

const names = (deps: MockDeps): string[] => deps.projects.get('proj_demo0001')!.campaigns.list({ limit: 100 }).campaigns.map((c: { name: string }) => c.name)

describe('snapshot rewrites (compaction)', () => {
  it('rewrites the snapshot when the journal passes its limit, under concurrent writes, losing nothing', async () => {
    const file = join(dir, 'limit.json')
    const first = await open(file, { journalLimitBytes: 4_000 })
    const created = await Promise.all(Array.from({ length: 40 }, (_, n) => first.create(`Concurrent ${n}`)))
    // 40 records of ~900 bytes passed the 4,000-byte limit: the snapshot was rewritten meanwhile
    const generations = readdirSync(dir).filter((n) => n.startsWith('limit.json.journal.')).map((n) => Number(n.split('.').pop()))
    expect(Math.max(...generations)).toBeGreaterThanOrEqual(1)
    await first.persistence.compact()
    // one snapshot and the one journal that follows it
    expect(readdirSync(dir).filter((n) => n.startsWith('limit.json.journal.'))).toHaveLength(1)
    const more = await Promise.all(Array.from({ length: 5 }, (_, n) => first.create(`After ${n}`)))
    const second = await open(file)
    expect(second.persistence.recovery.replayed).toBe(5)
    for (const id of [...created, ...more]) expect(second.deps.projects.get('proj_demo0001')!.campaigns.get(id)).toBeDefined()
    await second.persistence.close()
  })

  it('a crash between the new journal and the new snapshot: the old snapshot and both journals give everything back', async () => {
    const file = join(dir, 'mid.json')
    const first = await open(file)
    await first.create('Before the rewrite')
    // the files as they stand when the rewrite begins
    copyFileSync(file, join(dir, 'mid.snapshot-0'))
    copyFileSync(journalPath(file, 0), join(dir, 'mid.journal-0'))
    await first.persistence.compact()
    await first.create('In the new journal')
    // put back the old snapshot and journal: as if the process died before the snapshot's rename
    copyFileSync(join(dir, 'mid.snapshot-0'), file)
    copyFileSync(join(dir, 'mid.journal-0'), journalPath(file, 0))
    const second = await open(file)
    expect(second.persistence.recovery.replayed).toBe(2)
    expect(names(second.deps)).toEqual(expect.arrayContaining(['Before the rewrite', 'In the new journal']))
    // settled: a new snapshot, the older journals gone
    expect(readdirSync(dir).filter((n) => n.startsWith('mid.json.journal.'))).toEqual(['mid.json.journal.2'])
    await second.persistence.close()
  })
})
