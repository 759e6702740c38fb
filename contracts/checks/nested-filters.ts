import type { Check, CheckContext } from '../check.js'
import type { Exchange } from '../http-client.js'
import { listResources } from '../list-resources.js'
import { listItems } from '../list-shapes.js'
import { authFor } from '../operation-auth.js'
import type { SuiteOperation } from '../suite-validator.js'
import { listPath, listPrepare, pathFixtures } from './list-invariants.js'

type Item = Record<string, unknown>

/** One condition as the query sends it (`filters[field][conditions][$op]`) and what it keeps. */
interface Condition {
  field: string
  op: '$is' | '$is_not' | '$in'
  value: string | string[]
  keeps(item: Item): boolean
}

/** A request of the check: its conditions, how they combine, and its name in a failure. */
interface Case {
  what: string
  junction?: 'and' | 'or'
  conditions: Condition[]
}

const filtersOf = (op: SuiteOperation) => op.parameters.find((p) => p.in === 'query' && p.name === 'filters' && p.schema?.type === 'object')

/** Filter fields with string conditions (`$is`, `$is_not`, `$in`): the spec's FilterConditionsString. */
const stringFields = (op: SuiteOperation): string[] =>
  Object.entries<any>(filtersOf(op)?.schema?.properties ?? {}).filter(([, s]) => ['$is', '$is_not', '$in'].every((o) => s?.properties?.conditions?.properties?.[o])).map(([name]) => name)

const is = (field: string, value: string): Condition => ({ field, op: '$is', value, keeps: (i) => i[field] === value })
const isNot = (field: string, value: string): Condition => ({ field, op: '$is_not', value, keeps: (i) => typeof i[field] === 'string' && i[field] !== value })
const isIn = (field: string, values: string[]): Condition => ({ field, op: '$in', value: values, keeps: (i) => values.includes(i[field] as string) })

function query(c: Case): Record<string, string> {
  const q: Record<string, string> = c.junction ? { 'filters[junction]': c.junction } : {}
  for (const { field, op, value } of c.conditions) {
    const key = `filters[${field}][conditions][${op}]`
    if (Array.isArray(value)) value.forEach((v, i) => (q[`${key}[${i}]`] = v))
    else q[key] = value
  }
  return q
}

/**
 * Nested filters (issue 25 §1) on every list whose `filters` the spec documents with string conditions: on the
 * filter fields named like a field of the listed items, `$in` with two values, `$is_not`, and (with two such
 * fields) conditions joined by `junction` `and` and `or` each keep only the matching items, and (when one page
 * holds the whole listing) every one of them.
 */
export function nestedFilterChecks(operations: readonly SuiteOperation[]): Check[] {
  return operations.filter((op) => op.method.toUpperCase() === 'GET' && stringFields(op).length > 0).map((op) => ({
    id: `filters.${op.operationId}`,
    title: `${op.operationId}: nested filters ($in, $is_not, junction and/or) keep exactly the matching items`,
    operationIds: [op.operationId],
    readOnly: true,
    uses: pathFixtures(op),
    requests: 5,
    shares: { reads: listResources(op.operationId) },
    ...listPrepare(op),
    async run(ctx) {
      const auth = authFor(op, ctx.client.credentials)
      if (!auth) ctx.skip(`no credentials for ${op.operationId}`)
      const path = await listPath(ctx, op)
      const get = (q: Record<string, string | number>) => ctx.call({ operationId: op.operationId, method: 'GET', path, auth, query: { limit: 100, ...q } }, { status: 200 })
      const full = await get({})
      const items: Item[] = (listItems(full.response.body) ?? []).filter((i: unknown): i is Item => typeof i === 'object' && i !== null)
      const complete = full.response.body.has_more !== true && items.length < 100
      const cases = casesFor(stringFields(op), items)
      if (!cases) return ctx.skip(`the listing holds no two items that differ in a filterable field (${stringFields(op).join(', ')})`)
      await Promise.all(cases.map(async (c) => verify(ctx, c, items, complete, await get(query(c)))))
    },
  }))
}

/** The cases: on the first field whose values differ between items, and with a second such field the junctions. */
function casesFor(fields: string[], items: Item[]): Case[] | undefined {
  const usable = fields.filter((f) => new Set(items.map((i) => i[f]).filter((v) => typeof v === 'string')).size >= 2)
  const [f, g = f] = usable
  if (!f) return undefined
  const a = items.find((i) => typeof i[f] === 'string')!
  const b = items.find((i) => typeof i[f] === 'string' && i[f] !== a[f])!
  const [va, vb] = [a[f] as string, b[f] as string]
  const cases: Case[] = [
    { what: `${f} $in [${va}, ${vb}]`, conditions: [isIn(f, [va, vb])] },
    { what: `${f} $is_not ${va}`, conditions: [isNot(f, va)] },
  ]
  if (g === f) return cases
  // `and`: f in {va, vb} and g as on the item with va (read as `or`, it would keep the item with vb too);
  // `or`: f = va or g as on an item without va.
  const both = a[g]
  const other = items.find((i) => i[f] !== va && typeof i[g] === 'string')
  if (typeof both === 'string') cases.push({ what: `junction and: ${f} $in [${va}, ${vb}], ${g} $is ${both}`, junction: 'and', conditions: [isIn(f, [va, vb]), is(g, both)] })
  if (other) cases.push({ what: `junction or: ${f} $is ${va}, ${g} $is ${other[g]}`, junction: 'or', conditions: [is(f, va), is(g, other[g] as string)] })
  return cases
}

function verify(ctx: CheckContext, c: Case, all: Item[], complete: boolean, res: Exchange): void {
  const keeps = (i: Item): boolean => (c.junction === 'or' ? c.conditions.some((k) => k.keeps(i)) : c.conditions.every((k) => k.keeps(i)))
  const ref = res.response.body.data_ref
  const kept: Item[] = listItems(res.response.body) ?? []
  kept.forEach((item, i) => {
    if (!keeps(item)) ctx.fail({ pointer: `/${ref}/${i}`, message: `filters ${c.what} must keep only matching items`, expected: c.what, actual: Object.fromEntries(c.conditions.map((k) => [k.field, item?.[k.field]])) }, res)
  })
  if (!complete) return
  const got = new Set(kept.map((i) => i?.id))
  const wanted = all.filter(keeps).map((i) => i.id)
  if (wanted.some((id) => !got.has(id))) ctx.fail({ pointer: `/${ref}`, message: `filters ${c.what} must keep every matching item`, expected: wanted, actual: [...got] }, res)
}
