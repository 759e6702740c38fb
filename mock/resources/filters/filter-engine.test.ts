import { describe, expect, it } from 'vitest'
import { catchApiError } from '../../testing/index.js'
import { compileFilters, type FilterFields } from './filter-engine.js'

interface Row { id: string; at: string | null }
const FIELDS: FilterFields<Row> = { id: { kind: 'string', get: (r) => r.id }, created_at: { kind: 'datetime', get: (r) => r.at } }
const rows: Row[] = [
  { id: 'a', at: '2026-01-01T00:00:00.000Z' },
  { id: 'b', at: '2026-02-01T00:00:00.000Z' },
  { id: 'c', at: null },
]
const body = { now: Date.parse('2026-03-01T00:00:00.000Z'), errorCode: 'INVALID_PAYLOAD', where: 'parameters.filters', style: 'body' } as const
const ids = (filters: unknown): string[] => rows.filter(compileFilters(filters, FIELDS, body).matches).map((r) => r.id)

describe('one filter engine (campaigns, vouchers, holders, transaction export)', () => {
  it('reads both documented shapes: {conditions: {$after: [..]}} and {$after: ".."}', () => {
    expect(ids({ created_at: { conditions: { $after: ['2026-01-15T00:00:00Z'] } } })).toEqual(['b'])
    expect(ids({ created_at: { $after: '2026-01-15T00:00:00Z' } })).toEqual(['b'])
  })

  it('combines with junction and/or, in either case', () => {
    expect(ids({ junction: 'OR', id: { conditions: { $is: 'a' } }, created_at: { $is_unknown: '' } })).toEqual(['a', 'c'])
    expect(ids({ junction: 'and', id: { conditions: { $in: ['a', 'b'] } }, created_at: { $before: '2026-01-15T00:00:00Z' } })).toEqual(['a'])
    expect(ids({ created_at: { $less_than: 40 } })).toEqual(['b'])
  })

  it('refuses bad input with the caller error code, naming the condition in the caller notation', () => {
    const bad = catchApiError(() => ids({ created_at: { conditions: { $after: 'soon' } } }))
    expect(bad).toMatchObject({ code: 'INVALID_PAYLOAD' })
    expect(bad.details).toContain('parameters.filters.created_at.conditions.$after')
    const query = catchApiError(() => compileFilters({ id: { $near: 'x' } }, FIELDS, { ...body, errorCode: 'INVALID_QUERY_PARAMS', where: 'filters', style: 'query' }))
    expect(query.details).toContain('filters[id][conditions][$near]')
    expect(catchApiError(() => ids({ id: {} })).details).toContain('at least one operator')
    expect(catchApiError(() => ids({ nope: { $is: 'x' } })).details).toContain('unknown filter')
  })
})
