import { toIso } from '../../../src/clock.js'
import type { IdSource } from '../../../src/ids.js'
import type { components } from '../../../src/types/openapi.js'
import { ApiError } from '../../engine/errors.js'
import type { ProjectState } from '../../engine/project-state.js'
import type { BodyOf } from '../../engine/spec-shapes.js'
import type { Redemption } from './redemption-store.js'

export type RollbackRequest = NonNullable<BodyOf<'rollbackRedemption'>>
type RedemptionRollback = components['schemas']['RedemptionRollback']
type RedemptionRollbackResult = components['schemas']['RedemptionRollbackResult']
/** What a rollback says about a child's voucher, credits and points. */
type Undone = Pick<RedemptionRollback, 'voucher' | 'gift' | 'loyalty_card'>

type Project = Pick<ProjectState, 'redemptions' | 'vouchers' | 'transactions'>

/**
 * POST /v1/redemptions/{id}/rollback on a parent redemption: every voucher it used gets its use back, gift
 * credits and loyalty points return to the cards (each with a refund transaction), and the parent and its
 * children become ROLLED_BACK. Checked in full before the first write, so a refusal changes nothing.
 */
export function rollbackRedemption(project: Project, id: string, request: RollbackRequest, deps: { now: number; ids: IdSource }): RedemptionRollbackResult {
  const parent = project.redemptions.get(id)
  if (parent.redemption !== null) {
    throw new ApiError('INVALID_PAYLOAD', `Redemption ${id} is part of the stacked redemption ${parent.redemption}: roll back ${parent.redemption} instead`)
  }
  if (parent.status === 'ROLLED_BACK') throw new ApiError('INVALID_PAYLOAD', `Redemption ${id} has already been rolled back`)
  if (parent.result !== 'SUCCESS') throw new ApiError('INVALID_PAYLOAD', `Redemption ${id} failed: there is nothing to roll back`)
  const children = project.redemptions.childrenOf(id)
  const date = toIso(deps.now)
  const rollbackOf = (r: Redemption, extra: Undone = {}): RedemptionRollback => ({
    id: deps.ids.next('rr'),
    object: 'redemption_rollback',
    date,
    customer_id: r.customer_id,
    tracking_id: request.tracking_id ?? r.tracking_id,
    metadata: request.metadata ?? null,
    redemption: r.id,
    reason: request.reason ?? null,
    result: 'SUCCESS',
    status: 'SUCCEEDED',
    ...(typeof r.amount === 'number' ? { amount: -r.amount } : {}),
    related_object_type: r.related_object_type,
    related_object_id: r.related_object_id,
    ...extra,
  })
  const rollbacks = children.map((child) => rollbackOf(child, undoChild(project, child, request.reason)))
  for (const r of [parent, ...children]) project.redemptions.setStatus(r.id, 'ROLLED_BACK')
  return { rollbacks, parent_rollback: rollbackOf(parent), ...(parent.order ? { order: parent.order } : {}) }
}

/** Gives a child's voucher its use, credits and points back; what the rollback answer says about it. */
function undoChild(project: Project, child: Redemption, reason: string | undefined): Undone {
  if (child.related_object_type !== 'voucher') return {}
  const credits = child.gift?.amount ?? 0
  const points = child.loyalty_card?.points ?? 0
  const view = project.vouchers.undoRedemption(child.related_object_id, { credits, points })
  const refund = (type: 'CREDITS_REFUND' | 'POINTS_REFUND', amount: number, balance: number) =>
    project.transactions.record({
      source_id: child.order?.source_id ?? null,
      reason: reason ?? null,
      voucher_id: view.id,
      campaign_id: view.campaign_id,
      type,
      amount,
      balance,
      details: { redemption: { id: child.id } },
    })
  if (credits > 0) refund('CREDITS_REFUND', credits, view.gift?.balance ?? 0)
  if (points > 0) refund('POINTS_REFUND', points, view.loyalty_card?.balance ?? 0)
  const voucher = { id: view.id, code: view.code, campaign: view.campaign, campaign_id: view.campaign_id, type: view.type, object: 'voucher' as const }
  return { voucher, ...(credits > 0 ? { gift: { amount: credits } } : {}), ...(points > 0 ? { loyalty_card: { points } } : {}) }
}
