import type { Clock } from '../../../src/clock.js'
import { toIso } from '../../../src/clock.js'
import type { IdSource } from '../../../src/ids.js'
import type { components } from '../../../src/types/index.js'
import { ApiError, notFound } from '../../engine/errors.js'
import { OPERATORS, RULE_NAMES, type RuleCondition } from './rule-eval.js'
import { parseLogic, type LogicNode } from './rule-logic.js'

type Json = Record<string, unknown>

/** A validation rule in its response shape (real service: ValidationRule, object `validation_rules`). */
export type ValidationRule = components['schemas']['ValidationRule']

export interface RuleAssignmentView {
  id: string
  rule_id: string
  related_object_id: string
  related_object_type: 'campaign' | 'voucher' | 'promotion_tier'
  created_at: string
  object: 'validation_rules_assignment'
}

/** A stored rule: its view, plus the parsed conditions and logic the checkout evaluates. */
export interface CompiledRule {
  view: ValidationRule
  conditions: Map<string, RuleCondition>
  logic: LogicNode
}

const invalid = (details: string): ApiError => new ApiError('INVALID_PAYLOAD', details)

/** The validation rules of one project and their assignments to campaigns, vouchers and promotion tiers. */
export class ValidationRuleStore {
  readonly #rules = new Map<string, CompiledRule>()
  readonly #assignments: RuleAssignmentView[] = []

  constructor(private readonly deps: { clock: Clock; ids: IdSource }) {}

  create(input: Json): ValidationRule {
    if (typeof input.name !== 'string' || input.name.trim() === '') throw invalid('name: required, a non-empty string')
    const { conditions, logic } = compile(input.rules)
    const error = input.error as ValidationRule['error'] | undefined
    const applicable = (input.applicable_to ?? {}) as Partial<ValidationRule['applicable_to']>
    const now = toIso(this.deps.clock.now())
    const view: ValidationRule = {
      id: this.deps.ids.next('val'),
      name: input.name,
      rules: structuredClone(input.rules as Json),
      ...(error ? { error: { ...(error.message !== undefined ? { message: error.message } : {}) } } : {}),
      applicable_to: { included: structuredClone(applicable.included ?? []), excluded: structuredClone(applicable.excluded ?? []), included_all: applicable.included_all ?? false },
      type: typeof input.type === 'string' ? input.type : 'complex',
      context_type: typeof input.context_type === 'string' ? input.context_type : 'global',
      created_at: now,
      updated_at: null,
      assignments_count: 0,
      object: 'validation_rules',
    }
    this.#rules.set(view.id, { view, conditions, logic })
    return structuredClone(view)
  }

  get(id: string): ValidationRule {
    return structuredClone(this.#compiled(id).view)
  }

  /** The rule as checkout evaluates it; undefined for ids no rule has (e.g. fixtures naming absent rules). */
  compiled(id: string): CompiledRule | undefined {
    return this.#rules.get(id)
  }

  list(): ValidationRule[] {
    return [...this.#rules.values()].map((r) => structuredClone(r.view))
  }

  assign(ruleId: string, input: { related_object_type: RuleAssignmentView['related_object_type']; related_object_id: string }): RuleAssignmentView {
    const rule = this.#compiled(ruleId)
    const taken = this.#assignments.some((a) => a.rule_id === ruleId && a.related_object_id === input.related_object_id)
    if (taken) {
      throw new ApiError('DUPLICATE_FOUND', `Validation rule ${ruleId} is already assigned to ${input.related_object_id}`, { resourceId: ruleId, resourceType: 'validation_rule' })
    }
    const assignment: RuleAssignmentView = {
      id: this.deps.ids.next('asgm'),
      rule_id: ruleId,
      related_object_id: input.related_object_id,
      related_object_type: input.related_object_type,
      created_at: toIso(this.deps.clock.now()),
      object: 'validation_rules_assignment',
    }
    this.#assignments.push(assignment)
    rule.view.assignments_count++
    return { ...assignment }
  }

  assignments(ruleId: string): RuleAssignmentView[] {
    this.#compiled(ruleId)
    return this.#assignments.filter((a) => a.rule_id === ruleId).map((a) => ({ ...a }))
  }

  /** Rule ids assigned (through this store) to any of `objectIds`. */
  rulesOf(objectIds: string[]): string[] {
    if (this.#assignments.length === 0) return []
    return this.#assignments.filter((a) => objectIds.includes(a.related_object_id)).map((a) => a.rule_id)
  }

  get size(): number {
    return this.#rules.size
  }

  snapshot(): { rules: ValidationRule[]; assignments: RuleAssignmentView[] } {
    return { rules: this.list(), assignments: this.#assignments.map((a) => ({ ...a })) }
  }

  restore(snapshot: { rules?: ValidationRule[]; assignments?: RuleAssignmentView[] } | undefined): void {
    this.#rules.clear()
    this.#assignments.length = 0
    for (const view of snapshot?.rules ?? []) this.#rules.set(view.id, { view: structuredClone(view), ...compile(view.rules) })
    this.#assignments.push(...(snapshot?.assignments ?? []).map((a) => ({ ...a })))
  }

  #compiled(id: string): CompiledRule {
    const found = this.#rules.get(id)
    if (!found) throw notFound('validation_rule', id)
    return found
  }
}

/** Checks `rules` ({"1": {name, conditions}, "logic": "1 and 2"}); without `logic`, all numbered rules must hold. */
function compile(rules: unknown): Pick<CompiledRule, 'conditions' | 'logic'> {
  if (!rules || typeof rules !== 'object' || Array.isArray(rules)) throw invalid('rules: required, an object of numbered rules and a logic string')
  const conditions = new Map<string, RuleCondition>()
  for (const [key, value] of Object.entries(rules as Json)) {
    if (key === 'logic') continue
    const rule = value as Partial<RuleCondition> | null
    if (!rule || typeof rule !== 'object' || typeof rule.name !== 'string') throw invalid(`rules.${key}.name: required`)
    if (!RULE_NAMES.includes(rule.name)) throw invalid(`rules.${key}.name: "${rule.name}" is not evaluated by this mock; it evaluates ${RULE_NAMES.join(', ')}`)
    const ops = rule.conditions ?? {}
    if (typeof ops !== 'object' || Array.isArray(ops)) throw invalid(`rules.${key}.conditions: an object of operators`)
    for (const [op, args] of Object.entries(ops)) {
      if (!OPERATORS.includes(op)) throw invalid(`rules.${key}.conditions: unknown operator ${op} (known: ${OPERATORS.join(', ')})`)
      if (!Array.isArray(args)) throw invalid(`rules.${key}.conditions.${op}: an array of values`)
    }
    conditions.set(key, { name: rule.name, property: rule.property ?? null, conditions: ops as RuleCondition['conditions'] })
  }
  if (conditions.size === 0) throw invalid('rules: at least one numbered rule')
  const logicText = (rules as Json).logic
  const text = typeof logicText === 'string' && logicText.trim() !== '' ? logicText : [...conditions.keys()].join(' and ')
  try {
    return { conditions, logic: parseLogic(text, new Set(conditions.keys())) }
  } catch (err) {
    throw invalid(`rules.logic: ${(err as Error).message}`)
  }
}
