import { beforeAll, describe, expect, it } from 'vitest'
import { loadSuite, type Suite } from '../suite.js'
import { schemaLeaves, updateOperations } from './update-semantics.js'

let suite: Suite
beforeAll(async () => {
  suite = await loadSuite()
})

const ids = (): Set<string> => new Set(suite.checks.map((c) => c.id))

describe('the promise checks follow the spec (issue 25 §1)', () => {
  it('every update operation of the spec has its update-semantics check (a new PUT needs a recipe)', () => {
    const updates = updateOperations(suite.validator.operations).map((op) => op.operationId)
    expect(updates.length).toBeGreaterThan(0)
    expect(updates.filter((id) => !ids().has(`updates.${id}`))).toEqual([])
  })

  it('every list whose filters the spec documents with string conditions has a nested-filter check', () => {
    const documented = suite.validator.operations.filter((op) => op.method === 'GET' && op.parameters.some((p) => p.name === 'filters' && JSON.stringify(p.schema ?? {}).includes('"$in"')))
    expect(documented.length).toBeGreaterThan(1)
    expect(documented.map((op) => op.operationId).filter((id) => !ids().has(`filters.${id}`))).toEqual([])
  })

  it('compares the fields of an update schema, walking objects down to their leaves (the metadata map whole)', () => {
    const schema = { properties: { description: { type: 'string' }, metadata: { type: 'object', properties: { a: {} } }, parameters: { properties: { loyalty: { properties: { points: {}, auto_redeem: {} } } } } } }
    expect(schemaLeaves(schema)).toEqual(['/description', '/metadata', '/parameters/loyalty/points', '/parameters/loyalty/auto_redeem'])
    // What was sent: each metadata key its own (metadata is merged, not replaced).
    expect(schemaLeaves(undefined, { description: 'x', metadata: { pk_sent: 'yes' } })).toEqual(['/description', '/metadata/pk_sent'])
  })

  it('runs the spec-derived readers first, beside the listing checks, and every writer after them', () => {
    const order = suite.checks.map((c) => c.id)
    expect(order.indexOf('filters.listCampaigns')).toBeLessThan(order.indexOf('campaigns.create-promotion'))
    expect(order.indexOf('invalid.createCampaign')).toBeLessThan(order.indexOf('campaigns.create-promotion'))
    expect(order.indexOf('exports.list')).toBeGreaterThan(order.indexOf('exports.lifecycle'))
  })
})
