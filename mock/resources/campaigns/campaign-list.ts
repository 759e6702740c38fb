import { enumValues } from '../../../src/types/enum-values.js'
import { ApiError } from '../../engine/errors.js'
import { pageWindow } from '../../engine/list-page.js'
import type { Predicate } from './campaign-filters.js'
import { parseFilters } from './campaign-filters.js'
import { accessPredicate } from './campaign-access.js'
import type { CampaignIndex, OrderKey } from './campaign-index.js'
import { COMPARE } from './campaign-index.js'
import type { QueryOf } from '../../engine/spec-shapes.js'
import type { Campaign, CampaignsList, CampaignStatus, StoredCampaign } from './campaign-types.js'
import { CAMPAIGN_TYPES } from './campaign-types.js'

/** listCampaigns' query as the spec gives it (validated and coerced by the pipeline). */
export type ListCampaignsQuery = QueryOf<'listCampaigns'>

/** What `expand` adds to each listed campaign. */
export interface ListExpand {
  categories: boolean
  access: boolean
}

/** A page of the spec's CampaignsList; the mock always counts the `total`. */
export type CampaignListPage = CampaignsList & { total: number }

export interface ListContext {
  index: CampaignIndex
  generating: ReadonlySet<StoredCampaign>
  byName: ReadonlyMap<string, StoredCampaign>
  now: () => number
  status: (c: StoredCampaign) => CampaignStatus
  view: (c: StoredCampaign, expand: ListExpand) => Campaign
}

const bad = (details: string): ApiError => new ApiError('INVALID_QUERY_PARAMS', details)
const ORDERS: readonly string[] = enumValues<NonNullable<ListCampaignsQuery['order']>>({ 'created_at': true, '-created_at': true, 'updated_at': true, '-updated_at': true, 'name': true, '-name': true })
const EXPANDS: readonly string[] = enumValues<NonNullable<ListCampaignsQuery['expand']>[number]>({ category: true, categories: true, access_settings_assignments: true })

/**
 * listCampaigns without sorting per request: pick the narrowest pre-ordered candidate list (exact
 * names, the few generating campaigns, one type's list, or an order index), walk it from the right
 * end, stop when the page is full, and count the total without a scan whenever the candidates
 * already satisfy every condition.
 */
export function listCampaigns(query: ListCampaignsQuery, ctx: ListContext): CampaignListPage {
  const { limit, page, start: skip } = pageWindow(query)
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw bad(`limit: must be an integer from 1 to 100, got ${query.limit}`)
  if (!Number.isInteger(page) || page < 1) throw bad(`page: must be an integer >= 1, got ${query.page}`)
  const order = query.order ?? '-created_at'
  if (!ORDERS.includes(order)) throw bad(`order: must be one of ${ORDERS.join(', ')}, got "${order}"`)
  const key = order.replace(/^-/, '') as OrderKey
  const descending = order.startsWith('-')
  const expand = expands(query.expand)

  const type = query.campaign_type
  if (type !== undefined && !CAMPAIGN_TYPES.includes(type)) throw bad(`campaign_type: must be one of ${CAMPAIGN_TYPES.join(', ')}`)
  const status = query.campaign_status
  const filters = parseFilters(query.filters, ctx.status, ctx.now)

  const rest: Predicate<StoredCampaign>[] = []
  if (query.is_referral_code !== undefined) {
    const wanted = String(query.is_referral_code) === 'true'
    rest.push((c) => (c.voucher?.is_referral_code ?? false) === wanted)
  }
  const access = accessPredicate(query.access_settings)
  if (access) rest.push(access)
  if (filters.junction === 'and') rest.push(...filters.predicates)
  else if (filters.predicates.length > 0) rest.push((c) => filters.predicates.some((p) => p(c)))

  let candidates: readonly StoredCampaign[]
  let typeGuaranteed = false
  let statusGuaranteed = false
  if (filters.names) {
    candidates = filters.names.flatMap((n) => ctx.byName.get(n) ?? []).sort(COMPARE[key])
  } else if (status === 'IN_PROGRESS') {
    candidates = [...ctx.generating].filter((c) => ctx.status(c) === 'IN_PROGRESS').sort(COMPARE[key])
    statusGuaranteed = true
  } else if (type !== undefined && key === 'created_at') {
    candidates = ctx.index.ofType(type)
    typeGuaranteed = true
  } else {
    candidates = ctx.index.ordered(key)
  }
  if (type !== undefined && !typeGuaranteed) rest.push((c) => c.campaign_type === type)
  const doneOnly = status !== undefined && !statusGuaranteed && status === 'DONE'
  if (status !== undefined && !statusGuaranteed && !doneOnly) rest.push((c) => ctx.status(c) === status)
  if (doneOnly) rest.push((c) => ctx.status(c) === 'DONE')

  // Total without a scan: the candidates need no filtering, or only "not generating" (few of those).
  let total: number | undefined
  if (rest.length === 0) total = candidates.length
  else if (doneOnly && rest.length === 1) {
    const inCandidates = [...ctx.generating].filter((c) => ctx.status(c) === 'IN_PROGRESS' && (!typeGuaranteed || c.campaign_type === type))
    total = candidates.length - inCandidates.length
  }

  // nothing to filter: the page is a slice of the candidates (a deep page walked every skipped campaign)
  if (rest.length === 0) return listPage(candidates.length === 0 ? [] : sliceFrom(candidates, skip, limit, descending), candidates.length, expand, ctx)
  const picked: StoredCampaign[] = []
  let matched = 0
  const n = candidates.length
  for (let i = 0; i < n; i++) {
    const c = candidates[descending ? n - 1 - i : i]
    if (rest.length > 0 && !rest.every((p) => p(c))) continue
    matched++
    if (matched > skip && picked.length < limit) picked.push(c)
    else if (picked.length >= limit && total !== undefined) break
  }
  return listPage(picked, total ?? matched, expand, ctx)
}

function listPage(picked: StoredCampaign[], total: number, expand: ListExpand, ctx: ListContext): CampaignListPage {
  return { object: 'list', data_ref: 'campaigns', campaigns: picked.map((c) => ctx.view(c, expand)), total }
}

/** Up to `limit` candidates after `skip`, walking from the right end when `descending`. */
function sliceFrom(candidates: readonly StoredCampaign[], skip: number, limit: number, descending: boolean): StoredCampaign[] {
  const n = candidates.length
  const picked: StoredCampaign[] = []
  for (let i = Math.max(skip, 0); i < n && picked.length < limit; i++) picked.push(candidates[descending ? n - 1 - i : i])
  return picked
}

/** `expand=category` (also `categories`, the interface document's word) and `access_settings_assignments`, repeated or comma-separated. */
function expands(expand: string | string[] | undefined): ListExpand {
  const values = expand === undefined ? [] : (Array.isArray(expand) ? expand : [expand]).flatMap((v) => String(v).split(','))
  const unknown = values.find((v) => !EXPANDS.includes(v))
  if (unknown !== undefined) throw bad(`expand: must be one of ${EXPANDS.join(', ')}, got "${unknown}"`)
  return { categories: values.includes('category') || values.includes('categories'), access: values.includes('access_settings_assignments') }
}
