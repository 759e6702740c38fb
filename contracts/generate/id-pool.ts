import type { OperationInfo } from '../../src/spec/operations.js'
import type { CheckContext } from '../check.js'
import type { Exchange, HttpClient } from '../http-client.js'
import type { KnownIds } from '../types.js'

/** Path parameters whose values the run's flags (or discovery) give: the user named these resources for the suite. */
const FROM_FLAGS: Record<string, keyof KnownIds> = {
  projectId: 'projectId', rewardId: 'rewardId', assignmentId: 'assignmentId', metadataSchemaId: 'metadataSchemaId',
  campaignTemplateId: 'templateId', memberId: 'referralMemberId',
}

/**
 * Real ids for generated requests, threaded from the answers the run has seen (Schemathesis' links, inferred
 * from the spec): a path parameter takes the ids whose prefix its own documented example shows (`camp_` for
 * `campaignId`, `camp_tpl_` for `campaignTemplateId`), or voucher codes when its example has none (`code`,
 * `memberId`). `ours` holds what this run created: the only ids a request that changes something may name.
 */
export class IdPool {
  readonly #seen = new Map<string, Set<string>>()
  readonly #ours = new Map<string, Set<string>>()
  #seeded?: Promise<void>

  /** Every id and code in an answer (at any depth), filed by prefix; `created` files them as the run's own too. */
  harvest(body: unknown, created = false): void {
    walkIds(body, (key, value) => {
      const bucket = key === 'code' ? CODE : prefixOf(value)
      if (!bucket) return
      add(this.#seen, bucket, value)
      if (created && key === 'id') add(this.#ours, bucket, value)
    })
  }

  /** Ids a parameter may take: from the flags, else seen in answers (only the run's own when `ours`). */
  values(op: OperationInfo, name: string, ids: Readonly<KnownIds>, ours: boolean): string[] {
    const flag = FROM_FLAGS[name] ? ids[FROM_FLAGS[name]] : undefined
    if (flag) return [flag]
    const bucket = bucketOf(op, name)
    return bucket ? [...((ours ? this.#ours : this.#seen).get(bucket) ?? [])] : []
  }

  /** Ids of a prefix (`cat_`) the run has seen, or only its own when `ours`: what a documented example's references become. */
  ofPrefix(prefix: string, ours: boolean): string[] {
    return [...((ours ? this.#ours : this.#seen).get(prefix) ?? [])]
  }

  /**
   * Once per run: the lists that need no path parameter, read once so that generated reads name real
   * resources (a handful of GETs, within `--read-only`).
   */
  seed(ctx: CheckContext, operations: readonly OperationInfo[]): Promise<void> {
    this.#seeded ??= (async () => {
      const lists = operations.filter((op) => op.method === 'GET' && op.pathParamNames.length === 0 && op.parameters.some((p) => p.name === 'limit'))
      for (const op of lists) {
        const ex = await ctx.client.send({ operationId: op.operationId, method: 'GET', path: op.path, query: { limit: 10 } })
        if (ex.response.status === 200) this.harvest(ex.response.body)
      }
    })()
    return this.#seeded
  }
}

/** The ids an operation's path takes from the flags (or discovery): a check declares them as `uses`. */
export function fixturesOf(op: OperationInfo): (keyof KnownIds)[] {
  return op.pathParamNames.map((name) => FROM_FLAGS[name]).filter((id): id is keyof KnownIds => id !== undefined)
}

const CODE = 'code'
const pools = new WeakMap<HttpClient, IdPool>()

/** The pool of a run (one client per run). */
export function idPoolOf(ctx: CheckContext): IdPool {
  let pool = pools.get(ctx.client)
  if (!pool) pools.set(ctx.client, (pool = new IdPool()))
  return pool
}

/** Feeds an answer to the run's pool (a 200 to a POST creating something files its id as the run's own). */
export function harvestExchange(ctx: CheckContext, ex: Exchange): void {
  if (ex.response.status >= 300) return
  idPoolOf(ctx).harvest(ex.response.body, ex.request.method === 'POST')
}

function bucketOf(op: OperationInfo, name: string): string | undefined {
  const param = op.parameters.find((p) => p.in === 'path' && p.name === name)
  const example = param?.schema?.examples?.[0] ?? (param?.schema as any)?.example
  if (typeof example !== 'string') return undefined
  return prefixOf(example) ?? CODE
}

/** `camp_tpl_3Hf8…` → `camp_tpl_`; a value without a lower-case prefix has none. */
export function prefixOf(value: string): string | undefined {
  return /^([a-z]+_)+/.exec(value)?.[0]
}

function add(map: Map<string, Set<string>>, bucket: string, value: string): void {
  let set = map.get(bucket)
  if (!set) map.set(bucket, (set = new Set()))
  if (set.size < 50) set.add(value)
}

function walkIds(node: unknown, visit: (key: string, value: string) => void, depth = 0): void {
  if (depth > 6 || node === null || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const item of node.slice(0, 50)) walkIds(item, visit, depth + 1)
    return
  }
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string' && (key === 'id' || key === 'code' || key.endsWith('_id'))) visit(key, value)
    else walkIds(value, visit, depth + 1)
  }
}
