import type { MockDeps } from '../mock-deps.js'
import { createMockCore } from '../pipeline/core.js'
import type { CoreAnswer } from '../pipeline/core-request.js'
import { silentLog } from '../pipeline/request-log.js'

/**
 * The list operations a restored project is read back through (path, operationId, whether to page
 * through all of it). Not the vouchers: listing them generates the codes of due campaigns, a change
 * of state (and of which codes later campaigns get) that a check must not make.
 */
const READS: ReadonlyArray<[path: string, operationId: string, allPages: boolean]> = [
  ['/v1/campaigns', 'listCampaigns', true],
  ['/v1/categories', 'listCategories', true],
  ['/v1/exports', 'listExports', true],
  ['/v1/redemptions', 'listRedemptions', true],
  ['/v1/async-actions', 'listAsyncActions', false],
  ['/v1/validation-rules', 'listValidationRules', true],
  ['/v1/templates/campaigns', 'listCampaignTemplates', true],
  ['/v1/metadata-schemas', 'listMetadataSchemas', false],
  ['/v1/promotions/tiers', 'listPromotionTiers', true],
]

/** A list answer's items, to know when the last page has been read. */
const itemsOf = (body: unknown): number => {
  if (typeof body !== 'object' || body === null) return 0
  const list = Object.values(body).find(Array.isArray) as unknown[] | undefined
  return list?.length ?? 0
}

/**
 * A restored state must answer like any other: every project (sandboxes included) is read back
 * through the API's own list operations with its own keys, and each answer is checked against the
 * response schema the API documents, the one every answer is held to. A store that restored data
 * the API cannot show (a campaign without a name, a date that is not one) is named here, before the
 * server listens, instead of answering 500 later. Returns the problem, or undefined.
 * The whole deps: it serves the reads through a core of its own over them.
 */
export async function readBackProblem(deps: MockDeps): Promise<string | undefined> {
  // the reads are the server's own: not in the request log
  const core = createMockCore({ ...deps, logger: silentLog })
  const keys = [
    ...deps.config.credentials.projects.map((p) => ({ project: p.projectId, id: p.appId, token: p.appToken })),
    ...deps.sandboxes.list().map((s) => ({ project: s.project_id, id: s.keys.app_id, token: s.keys.app_token })),
  ]
  try {
    for (const key of keys) {
      for (const [path, operationId, allPages] of READS) {
        for (let page = 1; ; page++) {
          const url = `${path}?limit=100${allPages ? `&page=${page}` : ''}`
          const answer = await core.run({ method: 'GET', url, headers: { 'x-app-id': key.id, 'x-app-token': key.token }, readBody: () => Promise.resolve(undefined) })
          if ('passed' in answer) break
          const problem = answerProblem(deps, operationId, answer)
          if (problem) return `project ${key.project}: GET ${url} ${problem}`
          if (!allPages || page >= 10_000) break
          const body = JSON.parse(textOf(answer)) as unknown
          if (itemsOf(body) < 100) break
        }
      }
    }
    return undefined
  } finally {
    // the reads are not clients': they leave no trace in the request log or the rate limits
    deps.journal.clear()
    deps.rateLimits?.limiter.clear()
  }
}

const textOf = (answer: CoreAnswer): string => (typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body ?? new Uint8Array()))

function answerProblem(deps: Pick<MockDeps, 'validator'>, operationId: string, answer: CoreAnswer): string | undefined {
  const text = textOf(answer)
  if (answer.status !== 200) return `answers ${answer.status} (${text.slice(0, 300)})`
  const checked = deps.validator.validateResponse(operationId, 200, JSON.parse(text))
  if (checked.valid) return undefined
  const first = checked.violations.slice(0, 3).map((v) => `${v.pointer}: ${v.message}`).join('; ')
  return `answers what the API description does not allow: ${first}`
}
