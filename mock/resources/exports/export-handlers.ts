import { notFound } from '../../engine/errors.js'
import type { MockDeps } from '../../engine/mock-deps.js'
import type { TypedHandlers } from '../../engine/typed-handlers.js'

export const exportHandlers = {
  exportCampaignTransactions: ({ params, body, baseUrl }, { project }) => ({
    status: 200,
    body: project.exports.exportCampaignTransactions(params.campaignId, body ?? {}, baseUrl),
  }),

  // With `token` this is the file download of `result.url`; the token, not the app keys, grants access.
  getExport: ({ params, query, baseUrl }, { deps, project }) => {
    if (typeof query.token !== 'string') return { status: 200, body: project.exports.getExport(params.exportId, baseUrl) }
    const csv = ownerOf(deps, params.exportId).exports.download(params.exportId, query.token)
    return {
      status: 200,
      body: csv,
      // text/plain, as the real service serves it: its generated clients accept no other non-JSON type
      contentType: 'text/plain; charset=utf-8',
      headers: { 'content-disposition': `attachment; filename="${params.exportId}.csv"` },
    }
  },

  // the query is validated against the spec already (limit 1..100, page from 1, the order enum)
  listExports: ({ query, baseUrl }, { project }) => ({
    status: 200,
    body: { object: 'list', data_ref: 'exports', ...project.exports.page(query, baseUrl) },
  }),
} satisfies TypedHandlers<'exportCampaignTransactions' | 'getExport' | 'listExports'>

/** A download link carries no project credentials, so the export is looked up in every project. */
function ownerOf(deps: Pick<MockDeps, 'projects'>, exportId: string) {
  const owner = deps.projects.all().find((p) => p.exports.has(exportId))
  if (!owner) throw notFound('export', exportId)
  return owner
}
