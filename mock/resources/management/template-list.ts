import { notFound } from '../../engine/errors.js'
import type { QueryOf } from '../../engine/spec-shapes.js'
import type { CampaignTemplate } from './template-store.js'
import { cursorPage } from '../../engine/list-page.js'

export type TemplateListQuery = QueryOf<'listCampaignTemplates'>
type Key = 'id' | 'name' | 'created_at' | 'updated_at'

const text = (t: CampaignTemplate, key: Key): string => (key === 'updated_at' ? (t.updated_at ?? t.created_at) : t[key]) ?? ''

/**
 * One page of templates in the order asked for (oldest first by default), after the `starting_after_id`
 * cursor; `more_starting_after` is the last one listed while more follow. An unknown cursor is a 404,
 * not an empty page that would end a client's loop early.
 */
export function templatePage(all: CampaignTemplate[], query: TemplateListQuery) {
  const order = query.order ?? 'created_at'
  const key = order.replace(/^-/, '') as Key
  const sign = order.startsWith('-') ? -1 : 1
  // ISO timestamps and ids compare as strings; ties keep creation order
  const sorted = all.map((t, i) => ({ t, i })).sort((a, b) => sign * (text(a.t, key).localeCompare(text(b.t, key)) || a.i - b.i)).map(({ t }) => t)
  let from = 0
  if (query.starting_after_id !== undefined) {
    from = sorted.findIndex((t) => t.id === query.starting_after_id) + 1
    if (from === 0) throw notFound('campaign_template', query.starting_after_id)
  }
  const { data, hasMore } = cursorPage(sorted, from, query.limit)
  return {
    object: 'list' as const,
    data_ref: 'data' as const,
    data,
    ...(query.include_total ? { total: sorted.length } : {}),
    has_more: hasMore,
    ...(hasMore ? { more_starting_after: data[data.length - 1].id } : {}),
  }
}
