import { notFound } from '../../engine/errors.js'
import type { ProjectState } from '../../engine/project-state.js'
import type { TypedHandlers } from '../../engine/typed-handlers.js'
import type { RuleAssignmentView } from './rule-store.js'
import { pageOf } from '../../engine/list-page.js'

type AssignmentInput = Pick<RuleAssignmentView, 'related_object_type' | 'related_object_id'>

/** The object an assignment names must exist; a voucher may be named by code (stored by its v_ id). */
function resolveTarget(project: ProjectState, input: AssignmentInput): AssignmentInput {
  const { related_object_type: type, related_object_id: id } = input
  if (type === 'voucher') {
    const voucher = project.vouchers.findByCodeOrId(id)
    if (!voucher) throw notFound('voucher', id)
    return { related_object_type: type, related_object_id: voucher.id }
  }
  const found = type === 'campaign' ? project.campaigns.lookup(id)?.id : project.campaigns.findTier(id) && id
  if (!found) throw notFound(type, id)
  return { related_object_type: type, related_object_id: found }
}

export const validationRuleHandlers = {
  createValidationRule: ({ body }, { project }) => ({ status: 200, body: project.validationRules.create(body) }),
  listValidationRules: ({ query }, { project }) => {
    const all = project.validationRules.list()
    return { status: 200, body: { object: 'list', data_ref: 'data', data: pageOf(all, query), total: all.length } }
  },
  getValidationRule: ({ params }, { project }) => ({ status: 200, body: project.validationRules.get(params.validationRuleId) }),
  createValidationRuleAssignment: ({ params, body }, { project }) => {
    project.validationRules.get(params.validationRuleId)
    return { status: 200, body: project.validationRules.assign(params.validationRuleId, resolveTarget(project, body)) }
  },
  listValidationRuleAssignments: ({ params }, { project }) => {
    const data = project.validationRules.assignments(params.validationRuleId)
    return { status: 200, body: { object: 'list', data_ref: 'data', data, total: data.length } }
  },
} satisfies TypedHandlers<'createValidationRule' | 'listValidationRules' | 'getValidationRule' | 'createValidationRuleAssignment' | 'listValidationRuleAssignments'>
