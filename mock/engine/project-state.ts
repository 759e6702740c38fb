import type { Clock } from '../../src/clock.js'
import type { IdSource } from '../../src/ids.js'
import { AsyncActionStore } from '../resources/async-actions/async-action-store.js'
import { CampaignStore } from '../resources/campaigns/campaign-store.js'
import { CategoryStore } from '../resources/categories/category-store.js'
import type { MockConfig } from './config.js'
import type { FaultRegistry } from '../control/faults.js'
import { MetadataSchemaStore } from '../resources/management/metadata-schema-store.js'
import { TemplateStore } from '../resources/management/template-store.js'
import { RewardStore } from '../resources/rewards/reward-store.js'
import { TransactionStore } from '../resources/transactions/transaction-store.js'
import { StackStore } from '../resources/stacks/stack-store.js'
import { RedemptionStore } from '../resources/redemptions/redemption-store.js'
import { CustomerStore } from '../resources/customers/customer-store.js'
import { ExportStore } from '../resources/exports/export-store.js'
import { ReferralStore } from '../resources/referrals/referral-store.js'
import { ValidationRuleStore } from '../resources/validation-rules/rule-store.js'
import { SessionLocks } from '../resources/checkout/session-locks.js'
import { VoucherStore } from '../resources/vouchers/voucher-store.js'

/** What every store of a project may depend on (never HTTP, never other projects). */
export interface StoreDeps {
  clock: Clock
  ids: IdSource
  /** Live settings: the control API can change e.g. `generationRate` while running. */
  config: MockConfig
  faults: FaultRegistry
}

export interface ProjectInfo {
  id: string
  name: string
}

/** One project's data: one instance of each store. Projects never see each other's state. */
export class ProjectState {
  readonly id: string
  readonly name: string
  readonly categories: CategoryStore
  readonly vouchers: VoucherStore
  readonly campaigns: CampaignStore
  readonly referrals: ReferralStore
  readonly exports: ExportStore
  readonly rewards: RewardStore
  readonly transactions: TransactionStore
  readonly templates: TemplateStore
  readonly metadataSchemas: MetadataSchemaStore
  readonly stacks: StackStore
  readonly redemptions: RedemptionStore
  readonly customers: CustomerStore
  readonly asyncActions: AsyncActionStore
  readonly validationRules: ValidationRuleStore
  /** Checkout session locks (reservations until a TTL on the clock). */
  readonly sessions: SessionLocks

  constructor(info: ProjectInfo, deps: StoreDeps) {
    this.id = info.id
    this.name = info.name
    this.categories = new CategoryStore(deps)
    this.vouchers = new VoucherStore(deps)
    this.campaigns = new CampaignStore({ ...deps, categories: this.categories, vouchers: this.vouchers })
    this.referrals = new ReferralStore({ ...deps, vouchers: () => this.vouchers })
    this.rewards = new RewardStore(deps)
    this.transactions = new TransactionStore(deps)
    const campaignLookup = { get: (idOrName: string) => this.campaigns.get(idOrName) }
    this.exports = new ExportStore({ ...deps, campaigns: () => campaignLookup, transactions: () => this.transactions })
    this.templates = new TemplateStore(deps)
    this.metadataSchemas = new MetadataSchemaStore()
    this.stacks = new StackStore(deps)
    this.redemptions = new RedemptionStore()
    this.customers = new CustomerStore(deps)
    this.asyncActions = new AsyncActionStore(deps)
    this.validationRules = new ValidationRuleStore(deps)
    this.sessions = new SessionLocks(deps.clock)
  }

  /**
   * Counts of what the project holds, for `GET /_mock/state` (cheap even with 100,000 campaigns). Sizes, not
   * lists: a list clones every object (~1 ms a fixture project), and the dump counts every sandbox's project
   * (2,000 sandboxes took 2 s with lists). The small lists left (exports, jobs, sessions) are live work only.
   */
  counts(): Record<string, number> {
    const sized = {
      campaigns: this.campaigns.size, categories: this.categories.size, promotion_stacks: this.stacks.size, redemptions: this.redemptions.size,
      referral_holders: this.referrals.size, rewards: this.rewards.sizes.rewards, reward_assignments: this.rewards.sizes.assignments,
      transactions: this.transactions.size, campaign_templates: this.templates.size, metadata_schemas: this.metadataSchemas.size,
      customers: this.customers.size, validation_rules: this.validationRules.size,
    }
    const rest = this.#dump(new Set(Object.keys(sized)))
    return { ...sized, ...Object.fromEntries(Object.entries(rest).map(([name, items]) => [name, items.length])) }
  }

  /**
   * When the last job pending at `now` (voucher generation, export) is done, or undefined when
   * nothing is pending; `POST /_mock/jobs/finish` advances the clock to it.
   */
  latestJobReadyAt(now: number): number | undefined {
    const times: Array<number | undefined> = [this.campaigns.pendingUntil(), this.exports.pendingUntil(), this.asyncActions.pendingUntil()]
    return latest(times.filter((t): t is number => t !== undefined && t > now))
  }

  /** Everything the project holds, for `GET /_mock/state`. */
  dump(): Record<string, unknown[]> {
    return this.#dump()
  }

  #dump(skip: Set<string> = new Set()): Record<string, unknown[]> {
    const parts: Record<string, () => unknown[]> = {
      campaigns: () => this.campaigns.all(),
      categories: () => this.categories.list(),
      referral_holders: () => this.referrals.all(),
      exports: () => this.exports.list(),
      rewards: () => this.rewards.listRewards(),
      reward_assignments: () => this.rewards.listAssignments(),
      transactions: () => this.transactions.all(),
      campaign_templates: () => this.templates.list(),
      metadata_schemas: () => this.metadataSchemas.list(),
      promotion_stacks: () => this.stacks.list(),
      redemptions: () => this.redemptions.list(),
      customers: () => this.customers.list(),
      async_actions: () => this.asyncActions.all(),
      validation_rules: () => this.validationRules.list(),
      sessions: () => this.sessions.list(),
    }
    return Object.fromEntries(Object.entries(parts).filter(([name]) => !skip.has(name)).map(([name, list]) => [name, list()]))
  }
}

const latest = (times: number[]): number | undefined => (times.length === 0 ? undefined : Math.max(...times))

/** Fills freshly built projects with seed data; run at start and on every reset. */
export type ProjectSeeder = (registry: ProjectRegistry) => void | Promise<void>

export class ProjectRegistry {
  #projects = new Map<string, ProjectState>()

  constructor(
    private readonly projects: ProjectInfo[],
    private readonly deps: StoreDeps,
    private readonly seeder?: ProjectSeeder,
  ) {
    this.#build()
  }

  get(projectId: string): ProjectState | undefined {
    return this.#projects.get(projectId)
  }

  all(): ProjectState[] {
    return [...this.#projects.values()]
  }

  /** Throws away every project's state and rebuilds it from the fixtures. */
  async reset(): Promise<void> {
    this.#build()
    await this.seeder?.(this)
  }

  /** A project next to the configured ones (a sandbox), empty; a project of that id is replaced. */
  add(info: ProjectInfo): ProjectState {
    const project = new ProjectState(info, this.deps)
    this.#projects.set(info.id, project)
    return project
  }

  remove(projectId: string): void {
    this.#projects.delete(projectId)
  }

  /** Empty projects, no fixtures (before loading another fixture set). */
  clear(): void {
    this.#build()
  }

  #build(): void {
    this.#projects = new Map(this.projects.map((p) => [p.id, new ProjectState(p, this.deps)]))
  }
}
