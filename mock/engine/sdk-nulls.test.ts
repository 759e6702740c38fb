import { beforeAll, describe, expect, it } from 'vitest'
import { loadSpec } from '../../src/spec/load-spec.js'
import { createTestApp, expectContract, type TestApp } from '../testing/index.js'

/**
 * Generated SDKs send `null` for every optional field they were not given. Spec-driven: for every JSON
 * request body, its spec example is sent to one mock as is and to a twin mock (same fixtures, clock and
 * id sequence) with nulls — (1) SDK style: every declared optional field the example leaves out sent as
 * null, at every level the example fills; (2) each optional field the example sends, replaced by null,
 * against the twin that leaves it out. The answers must be identical (null = absent) and never 5xx.
 */
type Json = Record<string, unknown>
type Schema = Record<string, unknown>
type Path = (string | number)[]

const doc = await loadSpec()
const CLIENT = { 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token' }
let twins: [TestApp, TestApp]
let n = 0

interface Target {
  path: (app: TestApp) => Promise<string> | string
  auth?: 'app' | 'management' | 'client'
  /** Swaps the example's made-up references for fixture ones; `n` keeps names unique. */
  adapt?: (body: Json) => Json
}

const unique = (body: Json): Json => (typeof body.name === 'string' ? { ...body, name: `${body.name} ${++n}` } : body)
const checkout = (code: string) => (body: Json): Json => ({ ...body, redeemables: [{ object: 'voucher', id: code }] })
const redemptionOf = async (app: TestApp): Promise<string> => {
  const res = await app.request.post('/v1/redemptions').set(app.headers.app).send({ redeemables: [{ object: 'voucher', id: 'GIFT-0001', gift: { credits: 100 } }], order: { amount: 1000 } })
  expect(res.status).toBe(200)
  return `/v1/redemptions/${res.body.parent_redemption?.id ?? res.body.redemptions[0].id}/rollback`
}
const ruleOf = async (app: TestApp): Promise<string> => {
  const rule = bodies.find((b) => b.operationId === 'createValidationRule')!.example
  const res = await app.request.post('/v1/validation-rules').set(app.headers.app).send(unique(rule))
  expect(res.status).toBe(200)
  return `/v1/validation-rules/${res.body.id}/assignments`
}

const TARGETS: Record<string, Target> = {
  createCampaign: { path: () => '/v1/campaigns', adapt: (body) => unique(body.category_id ? { ...body, category_id: 'cat_demo0001' } : body) },
  updateCampaign: { path: () => '/v1/campaigns/camp_demo0001' },
  exportCampaignTransactions: { path: () => '/v1/campaigns/camp_demo0002/transactions/export' },
  createCategory: { path: () => '/v1/categories', adapt: unique },
  updateRewardAssignment: { path: () => '/v1/rewards/rew_demo0001/assignments/rewa_demo0001' },
  validateStackedDiscounts: { path: () => '/v1/validations', adapt: checkout('WELCOME-0001') },
  redeemStackedDiscounts: { path: () => '/v1/redemptions', adapt: checkout('GIFT-0002') },
  createValidationRule: { path: () => '/v1/validation-rules', adapt: unique },
  createValidationRuleAssignment: { path: ruleOf, adapt: (body) => ({ ...body, related_object_id: 'camp_demo0001' }) },
  rollbackRedemption: { path: redemptionOf },
  clientValidateStackedDiscounts: { path: () => '/client/v1/validations', auth: 'client', adapt: checkout('WELCOME-0001') },
  clientRedeemStackedDiscounts: { path: () => '/client/v1/redemptions', auth: 'client', adapt: checkout('GIFT-0003') },
  copyCampaignTemplate: {
    path: () => '/management/v1/projects/proj_demo0001/templates/campaigns/camp_tpl_demo0001/copy',
    auth: 'management',
    adapt: (body) => unique({ ...body, destination_project_id: 'proj_demo0002' }),
  },
}

/** The properties a schema declares (with its oneOf/anyOf/allOf branches), and which any branch requires. */
function shape(schema: Schema, seen = new Set<Schema>()): { properties: Map<string, Schema>; required: Set<string>; items?: Schema } {
  const out = { properties: new Map<string, Schema>(), required: new Set<string>(), items: undefined as Schema | undefined }
  if (seen.has(schema)) return out
  seen.add(schema)
  for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) if (!out.properties.has(name)) out.properties.set(name, sub)
  for (const name of (schema.required ?? []) as string[]) out.required.add(name)
  out.items ??= schema.items as Schema | undefined
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    for (const branch of (schema[key] ?? []) as Schema[]) {
      const inner = shape(branch, seen)
      for (const [name, sub] of inner.properties) if (!out.properties.has(name)) out.properties.set(name, sub)
      for (const name of inner.required) out.required.add(name)
      out.items ??= inner.items
    }
  }
  return out
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** (1) The example with every optional field it leaves out set to null, at every level it fills. */
function sdkStyle(schema: Schema, value: unknown): unknown {
  const { properties, required, items } = shape(schema)
  if (Array.isArray(value)) return items ? value.map((v) => sdkStyle(items, v)) : value
  if (!isObject(value) || properties.size === 0) return value
  const out: Json = {}
  for (const [name, sub] of properties) {
    if (Object.hasOwn(value, name)) out[name] = sdkStyle(sub, value[name])
    else if (!required.has(name)) out[name] = null
  }
  for (const [k, v] of Object.entries(value)) if (!properties.has(k)) out[k] = v
  return out
}

/** (2) Where the example sends an optional field. */
function optionalPaths(schema: Schema, value: unknown, at: Path = []): Path[] {
  const { properties, required, items } = shape(schema)
  if (Array.isArray(value)) return items ? value.flatMap((v, i) => optionalPaths(items, v, [...at, i])) : []
  if (!isObject(value)) return []
  return [...properties].flatMap(([name, sub]) =>
    Object.hasOwn(value, name) ? [...(required.has(name) ? [] : [[...at, name]]), ...optionalPaths(sub, value[name], [...at, name])] : [])
}

function setAt(value: unknown, path: Path, to: 'null' | 'absent'): unknown {
  const copy = structuredClone(value) as Json
  let node = copy as Json
  for (const key of path.slice(0, -1)) node = node[key] as Json
  const last = path[path.length - 1] as string
  if (to === 'null') node[last] = null
  else delete node[last]
  return copy
}

const bodies = Object.entries(doc.paths ?? {}).flatMap(([, item]) =>
  Object.values(item ?? {}).flatMap((op) => {
    const media = (op as { requestBody?: { content?: Record<string, { schema: Schema; examples?: Record<string, { value: Json }> }> } })?.requestBody?.content?.['application/json']
    const operationId = (op as { operationId?: string })?.operationId
    return media && operationId ? Object.entries(media.examples ?? {}).map(([name, ex]) => ({ operationId, name, schema: media.schema, example: ex.value })) : []
  }))

async function send(app: TestApp, operationId: string, path: string, body: unknown) {
  const target = TARGETS[operationId]
  const headers = target.auth === 'client' ? CLIENT : target.auth === 'management' ? app.headers.management : app.headers.app
  const method = operationId.startsWith('update') ? 'put' : 'post'
  return app.request[method](path).set(headers).send(body as object)
}

/** One body to each twin; the answers must be the same. Returns the status. */
async function twin(operationId: string, absent: unknown, nulls: unknown, what: string): Promise<number> {
  const target = TARGETS[operationId]
  const adapt = (body: unknown) => (target.adapt && isObject(body) ? target.adapt(body) : body)
  // both twins get the same names and setup, so the same ids and answers
  const saved = n
  const a = await send(twins[0], operationId, await target.path(twins[0]), adapt(absent))
  n = saved
  const b = await send(twins[1], operationId, await target.path(twins[1]), adapt(nulls))
  expect(b.status, what).toBeLessThan(500)
  // request ids are random; everything else must match
  const strip = (body: unknown): unknown => JSON.parse(JSON.stringify(body, (key, value) => (key === 'request_id' ? undefined : value)))
  expect({ status: b.status, body: strip(b.body) }, what).toEqual({ status: a.status, body: strip(a.body) })
  expectContract(b, operationId)
  return b.status
}

beforeAll(async () => {
  twins = [await createTestApp(), await createTestApp()]
})

describe('explicit nulls from generated SDKs are read as absent', () => {
  it('covers every JSON request body of the spec', () => {
    const covered = new Set(bodies.map((b) => b.operationId))
    expect([...covered].sort()).toEqual(Object.keys(TARGETS).sort())
  })

  it('finds optional fields to send as null in the examples (so the per-field loop below is never empty)', () => {
    const probes = bodies.map((b) => optionalPaths(b.schema, b.example).length)
    expect(probes.filter((count) => count > 0).length).toBeGreaterThanOrEqual(15)
    expect(probes.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(100)
  })

  it.each(bodies.map((b) => [`${b.operationId} (${b.name})`, b] as const))('%s', async (_label, { operationId, schema, example }) => {
    const sdk = sdkStyle(schema, example)
    expect(await twin(operationId, example, sdk, 'every optional field left out sent as null')).toBeLessThan(400)
    const paths = optionalPaths(schema, example)
    // a null is never what a refusal is about: each optional field sent as null answers as the body without it
    for (const path of paths) await twin(operationId, setAt(example, path, 'absent'), setAt(example, path, 'null'), `${path.join('.')}: null`)
  })
})
