import type { BaselineEntry, BaselineOutcome } from './baseline.js'
import type { DriftReport } from './drift.js'
import type { Exchange, RecordedRequest } from './http-client.js'

/** Ids of pre-existing resources some checks need; from flags, discovery, or absent (→ skipped). */
export interface KnownIds {
  projectId?: string
  rewardId?: string
  assignmentId?: string
  referralCampaignId?: string
  referralMemberId?: string
  templateId?: string
  metadataSchemaId?: string
  giftCampaignId?: string
  /** A loyalty card to spend points of (flag `--loyalty-card`), and a reward assigned to its campaign (`--loyalty-reward-id`). */
  loyaltyCardCode?: string
  loyaltyRewardId?: string
}

/** Why discovery left an id unknown (e.g. no referral code with holders): the skip reason of the checks needing it. */
export type Unavailable = Partial<Record<FixtureId, string>>

export type FixtureId = keyof KnownIds

/** Where in a response a problem sits: the status line, the content type, the body, or a cross-request rule. */
export type ProblemLocation = 'status' | 'content-type' | 'body' | 'header' | 'behaviour'

/** One thing that was wrong. `pointer` is a JSON pointer into the body ('' for the whole body). */
export interface Problem {
  location: ProblemLocation
  pointer: string
  message: string
  expected?: unknown
  actual?: unknown
  keyword?: string
}

export type CheckStatus = 'passed' | 'failed' | 'skipped'

export interface ResponseSnapshot {
  status: number
  headers: Record<string, string>
  /** The body as text, secrets masked, truncated when large. */
  body: string
}

export interface FailureReport {
  checkId: string
  title: string
  operationId?: string
  /** The failing request as a curl line, secrets masked. */
  curl?: string
  /** The state-changing requests the check sent before it (the newest few, oldest first), as curl lines. */
  before?: string[]
  status?: number
  problems: Problem[]
  request?: RecordedRequest
  response?: ResponseSnapshot
}

export interface CheckResult {
  id: string
  title: string
  operationIds: string[]
  status: CheckStatus
  durationMs: number
  /** Why it was skipped. */
  reason?: string
  /** Where the API description and the real service's documentation differ: which one the target followed. */
  follows?: string[]
  /** For each of `follows`, the operation whose answer showed it (the check's latest request then): the fidelity matrix lists it there. */
  followsOn?: Record<string, string>
  /**
   * Not run, not failed: the target's rate limit asked for a longer wait than allowed (`rate-limited`), or the
   * run's `--max-requests` ran out before or during the check (`budget`).
   */
  notRun?: 'rate-limited' | 'budget' | 'left-out' | 'unserved'
  /** A failure the baseline knows (`expired`: its entry ran out, so it fails the run again). */
  baseline?: BaselineEntry & { expired: boolean }
  failure?: FailureReport
}

export interface CoverageRow {
  operationId: string
  method: string
  path: string
  /** Each documented status (as written in the spec: '200', '4XX', 'default') and whether the run saw it. */
  statuses: { status: string; exercised: boolean }[]
  /** Statuses received that the spec does not document for the operation. */
  undocumented: number[]
}

export interface RunSummary {
  passed: number
  failed: number
  /** Includes the rate-limited ones. */
  skipped: number
  /** Checks not run because the target rate-limited the run for longer than --rate-limit-wait. */
  rateLimited?: number
  /** Checks not run because `--max-requests` ran out. */
  overBudget?: number
  /** Checks `--budget` left out of the plan (listed as skipped, never run). */
  leftOut?: number
  /** Failures the baseline tolerates (not in `failed`). */
  known?: number
}

export interface RunReport {
  runId: string
  prefix: string
  target: { baseUrl: string; isMock: boolean }
  readOnly: boolean
  startedAt: string
  durationMs: number
  requests: number
  /** The plan's estimate (`--list`), to compare with `requests`. */
  plannedRequests?: number
  concurrency?: number
  /** The target's rate limit as the run met it: 429s waited out, ms waited, the window's size. */
  rateLimit?: { refusals: number; waitedMs: number; limit?: number }
  results: CheckResult[]
  coverage: CoverageRow[]
  summary: RunSummary
  /** `kept`: created resources the API cannot delete (absent in reports of older versions). */
  cleanup: { deleted: string[]; failed: string[]; kept?: string[] }
  /** What `--baseline` did: known failures, expired entries, entries that now pass. */
  baseline?: BaselineOutcome
  /** `promokit drift`: where this target (A) and another (B) answered differently. */
  drift?: DriftReport
  /** Set when the run stopped early (SIGINT, SIGTERM, request budget, deadline). */
  interrupted?: string
  /** A report written while the run goes: its checks are still running, or its cleanup is still to come. */
  inProgress?: 'checks' | 'cleanup'
}

export type { Exchange }
