import { toIso } from '../../src/clock.js'
import type { MockDeps } from '../engine/mock-deps.js'
import type { LockedSession } from '../resources/checkout/session-locks.js'
import type { ProjectState } from '../engine/project-state.js'

type Json = Record<string, unknown>

const pick = (source: Json, keys: string[]): Json => Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]]))

/**
 * What the console shows of each project: counts and the newest campaigns, vouchers, exports and
 * redemptions. Read without the API's read paths, so looking at the console never uses up an armed
 * fault (a getExport fault is counted on every export read) nor shows up in the journal.
 */
/** What the overview reads (and never changes): the clock, the live settings, the faults and the projects. */
export type OverviewDeps = Pick<MockDeps, 'clock' | 'config' | 'latency' | 'faults' | 'projects'>

export function overview(deps: OverviewDeps, limit: number): Json {
  const now = deps.clock.now()
  return {
    now: toIso(now),
    generation_rate: deps.config.generationRate,
    latency: deps.latency.snapshot(),
    faults: deps.faults.list(),
    projects: deps.projects.all().map((project) => projectOverview(project, now, limit)),
  }
}

function projectOverview(project: ProjectState, now: number, limit: number): Json {
  const exports = project.exports.snapshot()
  const redemptions = project.redemptions.list()
  const voucherPage = project.vouchers.list({ limit })
  const sessions = project.sessions.list()
  return {
    id: project.id,
    name: project.name,
    counts: {
      campaigns: project.campaigns.size,
      vouchers: voucherPage.total,
      categories: project.categories.size,
      exports: exports.length,
      redemptions: redemptions.length,
      sessions: sessions.length,
    },
    campaigns: newest(project.campaigns.all(), limit).map((c) =>
      pick(c, ['id', 'name', 'campaign_type', 'type', 'vouchers_count', 'vouchers_generation_status', 'active', 'created_at']),
    ),
    vouchers: voucherPage.vouchers.map((v) => pick(v as unknown as Json, ['code', 'campaign', 'type', 'active'])),
    exports: newest(exports, limit).map((job) => ({
      id: job.id,
      created_at: toIso(job.createdAt),
      // the export store's status rule (SCHEDULED until it starts, IN_PROGRESS until done), on its snapshot
      status: job.startsAt === null || now < job.startsAt ? 'SCHEDULED' : job.doneAt === null || now < job.doneAt ? 'IN_PROGRESS' : 'DONE',
    })),
    redemptions: newest(redemptions, limit).map((r) => pick(r as unknown as Json, ['id', 'date', 'result', 'status', 'related_object_id'])),
    sessions: sessions.slice(0, limit).map((session) => ({ key: session.key, expires_at: session.expires_at, holds: describeHolds(project, session) })),
  }
}

/** `WELCOME-0001: 1 use; GIFT-0001: 6000 credits`: what a checkout developer recognises (codes, not voucher ids). */
function describeHolds(project: ProjectState, session: LockedSession): string {
  return session.holds
    .map(({ voucher_id, uses, credits, points }) => {
      const amounts = [uses && `${uses} use${uses === 1 ? '' : 's'}`, credits && `${credits} credits`, points && `${points} points`].filter(Boolean)
      return `${project.vouchers.findByCodeOrId(voucher_id)?.code ?? voucher_id}: ${amounts.join(', ') || 'nothing'}`
    })
    .join('; ')
}

const newest = <T>(items: T[], limit: number): T[] => items.slice(-limit).reverse()
