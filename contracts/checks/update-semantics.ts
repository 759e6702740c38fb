import type { OperationInfo } from '../../src/spec/operations.js'
import { getPointer } from '../../src/json-pointer.js'
import type { Check, CheckContext, SharedUse } from '../check.js'
import { deepEqual } from '../context.js'
import type { Exchange } from '../http-client.js'
import { campaignPath, createCampaign, enc } from './support.js'

/** Lets the clock pass a second between the read before and the update, so a moved `updated_at` shows. */
const PAUSE_MS = 1_000
/** Parts of an update body that say how to change rather than what to hold. */
const INSTRUCTIONS = new Set(['/unset_metadata_fields'])

/** What one update operation is tried on: the resource, its read, the body sent, and how to undo it. */
interface UpdateTarget {
  path: string
  read: { operationId: string; path: string }
  body: Record<string, any>
  /** Metadata the resource held before the update and must still hold after it (the update merges metadata). */
  keptMetadata?: Record<string, string>
  /** The read before the update, when preparing took it already. */
  before?: Exchange
}

/** The target with its read before the update, as the check's preparation leaves it. */
type Prepared = UpdateTarget & { before: Exchange }

interface UpdateRecipe {
  needs?: Check['needs']
  shares: SharedUse
  requests: number
  prepare(ctx: CheckContext): Promise<UpdateTarget>
}

const rewardPath = (ctx: CheckContext): string => `/v1/rewards/${enc(ctx.ids.rewardId!)}/assignments/${enc(ctx.ids.assignmentId!)}`

/** Per update operation of the spec, what to update: the run's own campaign, the reward assignment given by flags. */
const RECIPES: Readonly<Record<string, UpdateRecipe>> = {
  updateCampaign: {
    shares: { changes: ['campaign-list', 'clock'] },
    requests: 6,
    async prepare(ctx) {
      const kept = { pk_kept: 'kept' }
      const created = await createCampaign(ctx, 'PROMOTION', 'update-semantics', { body: { description: 'before the update', metadata: { ...ctx.tag, ...kept, pk_unset: 'unset' } } })
      const path = campaignPath(created.response.body.id)
      // real service (notes §8.6): `unset_metadata_fields` removes keys from the merged metadata
      const body = { description: ctx.name('updated'), metadata: { pk_sent: 'yes' }, unset_metadata_fields: ['pk_unset'] }
      return { path, read: { operationId: 'getCampaign', path }, body, keptMetadata: { ...ctx.tag, ...kept } }
    },
  },
  updateRewardAssignment: {
    needs: ['rewardId', 'assignmentId'],
    shares: { reads: ['reward-assignment'], changes: ['reward-assignment', 'clock'] },
    requests: 5,
    async prepare(ctx) {
      const path = rewardPath(ctx)
      const current = await ctx.call({ operationId: 'getRewardAssignment', method: 'GET', path }, { status: 200 })
      const old = current.response.body.parameters?.loyalty?.points
      if (!Number.isInteger(old)) ctx.skip('the assignment has no parameters.loyalty.points to change and restore')
      ctx.cleanup.add(`restore ${ctx.ids.assignmentId} points to ${old}`, async (client) => {
        const res = await client.send({ operationId: 'updateRewardAssignment', method: 'PUT', path, body: { parameters: { loyalty: { points: old } } } })
        if (res.response.status !== 200) throw new Error(`PUT answered ${res.response.status}`)
      }, path)
      return { path, read: { operationId: 'getRewardAssignment', path }, body: { parameters: { loyalty: { points: old + 1 } } }, before: current }
    },
  },
}

/** The update operations of the spec: every PUT and PATCH. */
export const updateOperations = (operations: readonly OperationInfo[]): OperationInfo[] => operations.filter((op) => op.method === 'PUT' || op.method === 'PATCH')

/**
 * Update semantics for every update operation of the spec (issue 25 §1): after an update, a read shows each field
 * sent with the value sent, `created_at` unchanged, `updated_at` later than before, and every other field of the
 * operation's request schema as it was (the spec and the real service: fields not sent are left as they are;
 * metadata is merged, so keys not sent stay, and `unset_metadata_fields` removes the keys it names).
 */
export function updateSemanticsChecks(operations: readonly OperationInfo[]): Check[] {
  return updateOperations(operations).flatMap((op): Check[] => {
    const recipe = RECIPES[op.operationId]
    if (!recipe) return []
    const fields = schemaLeaves(op.requestBody?.schemas['application/json'])
    return [{
      id: `updates.${op.operationId}`,
      title: `${op.operationId}: what was sent changes, updated_at moves, created_at and the ${fields.length} other documented fields stay`,
      operationIds: [op.operationId],
      readOnly: false,
      needs: recipe.needs,
      requests: recipe.requests,
      value: 2,
      shares: recipe.shares,
      // What to update and its read before the update: the preparation (made ahead side by side where it can).
      async prepare(ctx): Promise<Prepared> {
        const target = await recipe.prepare(ctx)
        return { ...target, before: target.before ?? await ctx.call({ operationId: target.read.operationId, method: 'GET', path: target.read.path }, { status: 200 }) }
      },
      async run(ctx) {
        const target = await ctx.prepared<Prepared>()
        const { before } = target
        await ctx.wait(PAUSE_MS)
        await ctx.call({ operationId: op.operationId, method: op.method, path: target.path, body: target.body }, { status: 200 })
        const after = await ctx.call({ operationId: target.read.operationId, method: 'GET', path: target.read.path }, { status: 200 })
        const sent = schemaLeaves(undefined, target.body).filter((pointer) => !INSTRUCTIONS.has(pointer))
        for (const pointer of sent) ctx.expectField(after, pointer, getPointer(target.body, pointer), `${op.operationId} sets what was sent`)
        for (const [key, value] of Object.entries(target.keptMetadata ?? {})) ctx.expectField(after, `/metadata/${key}`, value, 'metadata is merged: keys the update did not send stay')
        for (const key of target.body.unset_metadata_fields ?? []) ctx.expectField(after, `/metadata/${key}`, undefined, 'unset_metadata_fields removes the keys it names')
        ctx.expectField(after, '/created_at', before.response.body.created_at, 'an update keeps created_at')
        const was = Date.parse(before.response.body.updated_at ?? before.response.body.created_at)
        ctx.expectThat(after, '/updated_at', (t) => typeof t === 'string' && Date.parse(t) > was, `later than ${before.response.body.updated_at ?? before.response.body.created_at}`, 'an update moves updated_at')
        for (const pointer of fields) {
          if (INSTRUCTIONS.has(pointer) || pointer.startsWith('/metadata') || sent.some((s) => s === pointer || s.startsWith(`${pointer}/`) || pointer.startsWith(`${s}/`))) continue
          const old = getPointer(before.response.body, pointer)
          if (!deepEqual(getPointer(after.response.body, pointer), old)) ctx.fail({ pointer, message: `${op.operationId} must leave ${pointer} as it was: it was not sent`, expected: old, actual: getPointer(after.response.body, pointer) }, after)
        }
      },
    }]
  })
}

/**
 * The JSON pointers of a schema's properties (objects walked down to their leaves; the metadata map is one
 * leaf), or, given a value instead, of the value's leaves (each metadata key its own: metadata is merged).
 */
export function schemaLeaves(schema: any, value?: unknown, at = ''): string[] {
  if (value !== undefined) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return [at]
    return Object.entries(value).flatMap(([k, v]) => schemaLeaves(undefined, v, `${at}/${k}`))
  }
  const properties = schema?.properties
  if (!properties || at === '/metadata') return at ? [at] : []
  return Object.entries(properties).flatMap(([k, s]) => schemaLeaves(s, undefined, `${at}/${k}`))
}
