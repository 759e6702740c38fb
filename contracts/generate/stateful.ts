import fc from 'fast-check'
import type { Check, CheckContext } from '../check.js'
import { createCampaign, campaignPath } from '../checks/support.js'
import { CheckFailure } from '../failures.js'
import type { Exchange } from '../http-client.js'
import type { Problem } from '../types.js'
import type { GenerateOptions } from './operation-checks.js'
import { seedOf } from './operation-checks.js'
import { harvestExchange } from './id-pool.js'
import { runProperty } from './run-property.js'

/** What the run believes of the campaigns it created: the model fast-check's commands are checked against. */
interface Campaign {
  id: string
  name: string
  createdAt: string
  updatedAt?: string
  description?: string
  metadata: Record<string, unknown>
  /** The promo_ ids of its tiers, from the create answer (the link to getPromotionTier). */
  tiers: string[]
}
interface Model {
  campaigns: Campaign[]
}
interface Real {
  ctx: CheckContext
}

type Command = fc.AsyncCommand<Model, Real>

const text = fc.string({ minLength: 1, maxLength: 20, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -') })

class Create implements Command {
  constructor(readonly description: string) {}
  check = (m: Readonly<Model>): boolean => m.campaigns.length < 3
  async run(m: Model, { ctx }: Real): Promise<void> {
    const created = await createCampaign(ctx, 'PROMOTION', 'gen', { body: { description: this.description } })
    const { id, name, created_at: createdAt, updated_at: updatedAt } = created.response.body
    harvestExchange(ctx, created)
    const read = await ctx.call({ operationId: 'getCampaign', method: 'GET', path: campaignPath(id) }, { status: 200 })
    ctx.expectField(read, '/name', name, 'getCampaign reads the campaign just created')
    ctx.expectField(read, '/description', this.description, 'getCampaign reads the description sent on create')
    const tiers = (created.response.body.promotion?.tiers ?? []).map((t: any) => t?.id).filter((t: unknown): t is string => typeof t === 'string')
    m.campaigns.push({ id, name, createdAt, updatedAt: updatedAt ?? undefined, description: this.description, metadata: { ...ctx.tag }, tiers })
  }
  toString = (): string => `create(${JSON.stringify(this.description)})`
}

class Update implements Command {
  constructor(readonly pick: number, readonly description: string, readonly mark: string) {}
  check = (m: Readonly<Model>): boolean => m.campaigns.length > 0
  async run(m: Model, { ctx }: Real): Promise<void> {
    const c = m.campaigns[this.pick % m.campaigns.length]
    const body = { description: this.description, metadata: { pk_mark: this.mark } }
    await ctx.call({ operationId: 'updateCampaign', method: 'PUT', path: campaignPath(c.id), body }, { status: 200 })
    const read = await ctx.call({ operationId: 'getCampaign', method: 'GET', path: campaignPath(c.id) }, { status: 200 })
    ctx.expectField(read, '/description', this.description, 'an update changes what it sent')
    ctx.expectField(read, '/metadata/pk_mark', this.mark, 'an update changes what it sent')
    ctx.expectField(read, '/name', c.name, 'an update keeps what it did not send')
    ctx.expectThat(read, '/created_at', (t) => Date.parse(t) === Date.parse(c.createdAt), c.createdAt, 'an update keeps created_at')
    const floor = c.updatedAt ?? c.createdAt
    ctx.expectThat(read, '/updated_at', (t) => typeof t === 'string' && Date.parse(t) >= Date.parse(floor), `a time at or after ${floor}`, 'an update moves updated_at')
    Object.assign(c, { description: this.description, updatedAt: read.response.body.updated_at, metadata: { ...c.metadata, pk_mark: this.mark } })
  }
  toString = (): string => `update(#${this.pick}, ${JSON.stringify(this.description)}, ${JSON.stringify(this.mark)})`
}

class Read implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>): boolean => m.campaigns.length > 0
  async run(m: Model, { ctx }: Real): Promise<void> {
    const c = m.campaigns[this.pick % m.campaigns.length]
    const read = await ctx.call({ operationId: 'getCampaign', method: 'GET', path: campaignPath(c.id) }, { status: 200 })
    ctx.expectField(read, '/description', c.description, 'getCampaign reads the last description written')
    const list = await ctx.call({ operationId: 'listCampaigns', method: 'GET', path: '/v1/campaigns', query: { 'filters[campaigns][conditions][$is]': c.name, limit: 10 } }, { status: 200 })
    ctx.expectThat(list, '/campaigns', (l) => Array.isArray(l) && l.some((x: any) => x?.id === c.id), `${c.id} listed by its name`, 'a created campaign is listed')
  }
  toString = (): string => `read(#${this.pick})`
}

/** Links from the create answer's tier ids: the tier reads by its id, names its campaign, and is among the campaign's tiers. */
class ReadTier implements Command {
  constructor(readonly pick: number, readonly tier: number) {}
  check = (m: Readonly<Model>): boolean => m.campaigns.some((c) => c.tiers.length > 0)
  async run(m: Model, { ctx }: Real): Promise<void> {
    const withTiers = m.campaigns.filter((c) => c.tiers.length > 0)
    const c = withTiers[this.pick % withTiers.length]
    const tierId = c.tiers[this.tier % c.tiers.length]
    const [tier, ofCampaign] = await Promise.all([
      ctx.call({ operationId: 'getPromotionTier', method: 'GET', path: `/v1/promotions/tiers/${encodeURIComponent(tierId)}` }, { status: 200 }),
      ctx.call({ operationId: 'listCampaignPromotionTiers', method: 'GET', path: `/v1/promotions/${encodeURIComponent(c.id)}/tiers` }, { status: 200 }),
    ])
    ctx.expectField(tier, '/id', tierId, 'the tier the create answer named reads by its id')
    ctx.expectThat(tier, '/campaign_id', (id) => id === undefined || id === c.id, c.id, 'a tier names its campaign')
    ctx.expectThat(ofCampaign, '/tiers', (l) => Array.isArray(l) && l.some((t: any) => t?.id === tierId), `${tierId} among the campaign's tiers`, 'a tier is listed under its campaign')
  }
  toString = (): string => `readTier(#${this.pick}, tier ${this.tier})`
}

class Delete implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>): boolean => m.campaigns.length > 0
  async run(m: Model, { ctx }: Real): Promise<void> {
    const [c] = m.campaigns.splice(this.pick % m.campaigns.length, 1)
    await ctx.call({ operationId: 'deleteCampaign', method: 'DELETE', path: campaignPath(c.id), query: { force: true } }, { status: [202, 204] })
    await ctx.poll(async () => {
      const ex = await ctx.client.send({ operationId: 'getCampaign', method: 'GET', path: campaignPath(c.id) })
      return ex.response.status === 404 ? { done: true, value: ex } : { done: false, exchange: ex, problem: { pointer: '', message: 'still readable', expected: 404, actual: ex.response.status } }
    }, { what: `deleted campaign ${c.id} answered 404`, timeoutMs: 30_000 })
    ctx.cleanup.forgetCampaign(c.id)
  }
  toString = (): string => `delete(#${this.pick})`
}

const create = text.map((d) => new Create(d))

/**
 * A sequence opens with a create (every other command needs a campaign: without one, most sequences were empty
 * or a lone create), then up to 6 commands of any kind, long ones as likely as short ones.
 */
const commands = fc.tuple(create, fc.commands([
  create,
  fc.tuple(fc.nat(5), text, text).map(([p, d, k]) => new Update(p, d, k)),
  fc.nat(5).map((p) => new Read(p)),
  fc.tuple(fc.nat(5), fc.nat(3)).map(([p, t]) => new ReadTier(p, t)),
  fc.nat(5).map((p) => new Delete(p)),
], { maxCommands: 6, size: 'max' })).map(([first, rest]): Command[] => [first, ...rest])

/**
 * Stateful sequences (fast-check model-based commands): campaigns created, read, listed, updated and deleted,
 * and their tiers read, in random order, each request naming the ids the earlier answers returned (Schemathesis'
 * links: createCampaign's `id` → the campaign's paths, its `promotion.tiers[].id` → getPromotionTier); a failing sequence is shrunk to
 * the shortest that still fails.
 */
export function statefulChecks(options: GenerateOptions): Check[] {
  const runs = Math.max(1, Math.floor(options.count / 100))
  return [{
    id: 'generate.stateful-campaigns',
    title: `${runs} generated sequence(s) of campaign create / read / list / update / delete and tier reads with the real ids threaded through`,
    operationIds: ['createCampaign', 'getCampaign', 'updateCampaign', 'listCampaigns', 'deleteCampaign', 'getPromotionTier', 'listCampaignPromotionTiers'],
    readOnly: false,
    requests: runs * 18,
    value: 2,
    shares: { changes: ['campaign-list', 'target'] },
    async run(ctx) {
      const failure = await runProperty(commands, { seed: seedOf(options.seed, 'stateful-campaigns'), numRuns: runs, maxShrinkAttempts: 8 }, async (cmds) => {
        try {
          await fc.asyncModelRun(() => ({ model: { campaigns: [] }, real: { ctx } }), cmds)
          return undefined
        } catch (error) {
          if (error instanceof CheckFailure) return { problems: error.problems, exchange: error.exchange }
          throw error
        }
      })
      if (!failure) return
      const { problems, exchange } = failure.outcome as { problems: Problem[]; exchange?: Exchange }
      const head = `smallest failing sequence after ${failure.shrinks} shrink(s): ${String(failure.value)}; seed ${options.seed}; replay: promokit contract --generate ${options.count} --seed ${options.seed} --grep stateful`
      throw new CheckFailure(problems.map((p, i) => (i === 0 ? { ...p, message: `${p.message} — ${head}` } : p)), exchange)
    },
  }]
}
