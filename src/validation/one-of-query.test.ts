import { describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '../spec/load-spec.js'
import { createContractValidator } from './validator.js'

// `created_at` as the real service documents it in two shapes: `{after, before}` or `{conditions: {$after, ...}}`.
const range = { type: 'object', properties: { after: { type: 'string', format: 'date-time' }, before: { type: 'string', format: 'date-time' } } }
const conditions = {
  type: 'object',
  properties: { conditions: { type: 'object', properties: { $after: { type: 'string', format: 'date-time' }, $more_than: { type: 'integer' } } } },
}
const strict = (schema: object) => ({ ...schema, additionalProperties: false })
const param = (name: string, schema: object) => ({ name, in: 'query', style: 'deepObject', explode: true, schema })
const doc = {
  openapi: '3.1.0',
  info: { title: 'oneOf of objects in a query', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [param('loose', { oneOf: [range, conditions] }), param('strict', { oneOf: [strict(range), strict(conditions)] })],
        responses: { 200: { description: 'ok' } },
      },
    },
  },
} as unknown as OpenApiDocument

describe('a deepObject query parameter whose schema is a oneOf of objects', () => {
  const contracts = createContractValidator(doc)
  const list = (query: Record<string, unknown>) => contracts.validateRequest('listThings', { query })

  // This used to loop forever: each branch alone accepts the value, so the "exactly one" error was
  // replaced by itself again and again while the errors were being explained.
  it('answers when the value matches several branches, with the oneOf error', () => {
    const { valid, violations } = list({ 'loose[after]': '2026-01-01T00:00:00Z' })
    expect(valid).toBe(false)
    expect(violations).toMatchObject([{ pointer: '/query/loose', keyword: 'oneOf', in: 'query' }])
  })

  it('coerces the leaves of every object branch and validates against the one that fits', () => {
    const ok = list({ 'strict[conditions][$more_than]': '5', 'strict[conditions][$after]': '2026-01-01T00:00:00Z' })
    expect(ok).toMatchObject({ valid: true, values: { query: { strict: { conditions: { $more_than: 5, $after: '2026-01-01T00:00:00Z' } } } } })
    expect(list({ 'strict[after]': '2026-01-01T00:00:00Z', 'strict[before]': '2026-02-01T00:00:00Z' }).valid).toBe(true)
  })

  it('refuses a value no branch accepts, pointing into the parameter', () => {
    const { valid, violations } = list({ 'strict[conditions][$more_than]': 'many' })
    expect(valid).toBe(false)
    expect(violations.length).toBeGreaterThan(0)
    for (const v of violations) expect(v.pointer.startsWith('/query/strict')).toBe(true)
  })
})
