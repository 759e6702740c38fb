import { notFound } from '../errors.js'
import type { MockDeps } from '../deps.js'
import type { OperationHandlers } from '../types.js'
import type { ExportRequest } from './export-store.js'

export const exportHandlers = {
  exportCampaignTransactions: ({ params, body, baseUrl }, { project }) => ({
    status: 200,
    body: project.exports.exportCampaignTransactions(params.campaignId, (body ?? {}) as ExportRequest, baseUrl),
  }),

  // With `token` this is the file download of `result.url`; the token, not the app keys, grants access.
  getExport: ({ params, query, baseUrl }, { deps, project }) => {
    if (typeof query.token !== 'string') return { status: 200, body: project.exports.getExport(params.exportId, baseUrl) }
    const csv = ownerOf(deps, params.exportId).exports.download(params.exportId, query.token)
    return {
      status: 200,
      body: csv,
      contentType: 'text/csv; charset=utf-8',
      headers: { 'content-disposition': `attachment; filename="${params.exportId}.csv"` },
    }
  },
} satisfies OperationHandlers

/** A download link carries no project credentials, so the export is looked up in every project. */
function ownerOf(deps: MockDeps, exportId: string) {
  const owner = deps.projects.all().find((p) => p.exports.has(exportId))
  if (!owner) throw notFound('export', exportId)
  return owner
}
