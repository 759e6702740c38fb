import type { OperationInfo } from '../../src/spec/operations.js'
import type { SharedResource, SharedUse } from '../check.js'
import { listResources } from '../list-resources.js'

/**
 * What the check shares, on a target that refuses the broken requests as it must. A refused read reads nothing
 * another check's writes could move: its answers are 4xx whatever the data. A read-back of a list (what a create
 * adds to) must not see other checks' changes of that list meanwhile; neither must one of a shared fixture (the
 * reward assignment); one of the run's own resource (or an unknown id) runs beside the other writers. It changes
 * something only when it creates a campaign of its own to aim at (a target that accepts a broken request changes
 * more, and fails this check for it).
 */
export function sharesOf(op: OperationInfo, changing: boolean, readBack: OperationInfo | undefined): SharedUse {
  if (!changing) return {}
  const isList = readBack && (readBack.parameters.some((p) => p.name === 'limit') || (op.method === 'POST' && readBack.path === op.path))
  const campaign = op.pathParamNames.includes('campaignId')
  const read: SharedResource[] = !readBack ? [] : isList ? [...listResources(readBack.operationId)] : readBack.operationId === 'getRewardAssignment' ? ['reward-assignment'] : []
  // It may aim at a campaign another check created (the id pool): that one must not be deleted meanwhile.
  if (campaign) read.push('run-campaigns')
  return { ...(read.length ? { reads: read } : {}), changes: campaign ? ['campaign-list'] : [] }
}
