import { enumValues } from '../../../src/types/enum-values.js'
import { ApiError } from '../../engine/errors.js'
import { listOf } from '../filters/conditions.js'
import type { Campaign, CampaignAccess, StoredCampaign } from './campaign-types.js'

export type { CampaignAccess }

type AccessKey = keyof CampaignAccess
/** The three lists of assignments, in the order messages name them. */
export const ACCESS_KEYS = enumValues<AccessKey>({ areas_ids: true, area_stores_ids: true, area_all_stores_ids: true })
const bad = (details: string): ApiError => new ApiError('INVALID_QUERY_PARAMS', details)

/** The assignments a create body asks for (`access_settings.assign`), or undefined when none. */
export function accessFromInput(input: { access_settings?: { assign?: Partial<Record<AccessKey, unknown>> | null } | null }): CampaignAccess | undefined {
  const assign = input.access_settings?.assign
  if (!assign) return undefined
  const access: CampaignAccess = { areas_ids: [], area_stores_ids: [], area_all_stores_ids: [] }
  for (const key of ACCESS_KEYS) access[key] = Array.isArray(assign[key]) ? [...new Set((assign[key] as unknown[]).map(String))] : []
  return ACCESS_KEYS.some((key) => access[key].length > 0) ? access : undefined
}

/**
 * `access_settings[filter][areas_ids]=ar_1` (also `area_stores_ids`, `area_all_stores_ids`): campaigns
 * assigned to any of the areas, stores, or all stores of an area named. Undefined when nothing is asked.
 */
export function accessPredicate(settings: unknown): ((c: StoredCampaign) => boolean) | undefined {
  if (settings === undefined || settings === '') return undefined
  const filter = typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>).filter : undefined
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw bad('access_settings: expected access_settings[filter][areas_ids]=<area id> (or area_stores_ids, area_all_stores_ids)')
  }
  const wanted: Partial<Record<AccessKey, Set<string>>> = {}
  for (const [key, value] of Object.entries(filter)) {
    if (!(ACCESS_KEYS as readonly string[]).includes(key)) throw bad(`access_settings[filter][${key}]: unknown; use one of ${ACCESS_KEYS.join(', ')}`)
    wanted[key as AccessKey] = new Set(listOf(value))
  }
  const keys = ACCESS_KEYS.filter((key) => wanted[key])
  if (keys.length === 0) return undefined
  return (c) => c.access !== undefined && keys.some((key) => c.access![key].some((id) => wanted[key]!.has(id)))
}

/** `expand=access_settings_assignments`: the list the real service adds to each campaign. */
export function accessAssignments(c: StoredCampaign): NonNullable<Campaign['access_settings_assignments']> {
  const a = c.access
  const data = a
    ? [
        ...a.areas_ids.map((area_id) => ({ area_id, all_stores: false })),
        ...a.area_all_stores_ids.map((area_id) => ({ area_id, all_stores: true })),
        ...a.area_stores_ids.map((area_store_id) => ({ area_store_id })),
      ]
    : []
  return { object: 'list', data_ref: 'data', data, total: data.length }
}
