import { ApiError } from '../../engine/errors.js'

/** 409 for a name held by another campaign, or by one in the bin (deleted without `force=true`). */
export const duplicateName = (name: string, inBin: boolean): ApiError =>
  new ApiError('DUPLICATE_FOUND', `Duplicate resource key: a campaign named '${name}' ${inBin ? 'is in the bin (deleted without force=true)' : 'already exists'}`, {
    resourceId: name,
    resourceType: 'campaign',
  })

/** 404 + Retry-After (seconds until generation completes): the real service cannot read or modify a campaign still generating. */
export const stillGenerating = (id: string, waitMs: number): ApiError =>
  new ApiError('NOT_FOUND', `Campaign ${id} is being generated (vouchers_generation_status IN_PROGRESS); it can be read once generation completes`, {
    resourceId: id,
    resourceType: 'campaign',
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  })
