import type { Clock } from '../../../src/clock.js'
import { toIso } from '../../../src/clock.js'
import type { IdSource } from '../../../src/ids.js'
import { ApiError, notFound } from '../../engine/errors.js'
import { DEFAULT_STACKING_RULES, type StackingRules } from './stacking-rules.js'

/** A promotion stack (spec/checkout.yaml PromotionStack): up to 5 tiers of one promotion campaign, in order. */
export interface PromotionStack {
  id: string
  name: string
  created_at: string
  updated_at: string | null
  campaign_id: string
  category_id: string | null
  tiers: { ids: string[]; hierarchy_mode: 'MANUAL' }
  object: 'promotion_stack'
}

export interface NewStack {
  name: string
  tiers: { ids: string[] }
  category_id?: string | null
}

/** What creating a stack needs to know about tiers: which campaign each belongs to. */
export interface TierCampaignLookup {
  campaignOfTier(tierId: string): string | undefined
}

export const MAX_STACK_TIERS = 5

/** The promotion stacks and stacking rules of one project. */
export class StackStore {
  readonly #stacks = new Map<string, PromotionStack>()
  #rules: StackingRules = structuredClone(DEFAULT_STACKING_RULES)

  constructor(private readonly deps: { clock: Clock; ids: IdSource }) {}

  /** Control API: the seed's limit of 5 tiers, tiers of one existing promotion campaign. */
  create(input: NewStack, tiers: TierCampaignLookup): PromotionStack {
    const ids = input.tiers?.ids
    if (typeof input.name !== 'string' || input.name === '') throw new ApiError('INVALID_PAYLOAD', 'name: required, a non-empty string')
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > MAX_STACK_TIERS) {
      throw new ApiError('INVALID_PAYLOAD', `tiers.ids: 1 to ${MAX_STACK_TIERS} promotion tier ids required, got ${Array.isArray(ids) ? ids.length : 'none'}`)
    }
    if (new Set(ids).size !== ids.length) throw new ApiError('INVALID_PAYLOAD', 'tiers.ids: a tier may appear only once')
    const bad = ids.find((id) => typeof id !== 'string' || !id.startsWith('promo_'))
    if (bad !== undefined) throw new ApiError('INVALID_PAYLOAD', `tiers.ids: ${String(bad)} is not a promo_ id`)
    const campaigns = new Set(ids.map((id) => campaignOf(id, tiers)))
    if (campaigns.size !== 1) throw new ApiError('INVALID_PAYLOAD', 'tiers.ids: all tiers of a stack belong to one promotion campaign')
    return this.add({
      id: this.deps.ids.next('stack'),
      name: input.name,
      created_at: toIso(this.deps.clock.now()),
      updated_at: null,
      campaign_id: [...campaigns][0],
      category_id: input.category_id ?? null,
      tiers: { ids: [...ids], hierarchy_mode: 'MANUAL' },
      object: 'promotion_stack',
    })
  }

  /** Stores a stack as given (fixtures keep their ids). */
  add(stack: PromotionStack): PromotionStack {
    this.#stacks.set(stack.id, structuredClone(stack))
    return structuredClone(stack)
  }

  find(id: string): PromotionStack | undefined {
    const stack = this.#stacks.get(id)
    return stack && structuredClone(stack)
  }

  get(id: string): PromotionStack {
    const stack = this.find(id)
    if (!stack) throw notFound('promotion_stack', id)
    return stack
  }

  list(): PromotionStack[] {
    return [...this.#stacks.values()].map((s) => structuredClone(s))
  }

  get size(): number {
    return this.#stacks.size
  }

  stackingRules(): StackingRules {
    return structuredClone(this.#rules)
  }

  /** Control API: change e.g. `redeemables_sorting_rule` for the project (checked by checkStackingRules). */
  setStackingRules(patch: Partial<StackingRules>): StackingRules {
    const limits = patch.applicable_redeemables_category_limits
    // a map keyed by category ids from the request: copied as own properties only
    const copy = limits ? { applicable_redeemables_category_limits: Object.fromEntries(Object.entries(limits)) } : {}
    this.#rules = { ...this.#rules, ...structuredClone(patch), ...copy }
    return this.stackingRules()
  }
  // Persistence (mock/engine/persistence): the whole store as plain data, and back.
  snapshot(): { stacks: PromotionStack[]; rules: StackingRules } {
    return { stacks: this.list(), rules: this.stackingRules() }
  }

  restore(snapshot: { stacks: PromotionStack[]; rules: StackingRules }): void {
    this.#stacks.clear()
    for (const stack of snapshot.stacks) this.add(stack)
    // a state file written before a rule existed gets that rule's default
    this.#rules = { ...structuredClone(DEFAULT_STACKING_RULES), ...structuredClone(snapshot.rules) }
  }
}

function campaignOf(tierId: string, tiers: TierCampaignLookup): string {
  const campaign = tiers.campaignOfTier(tierId)
  if (!campaign) throw notFound('promotion_tier', tierId)
  return campaign
}
