import { createMockServer, type MockServer, type MockServerCredentials } from '../../../mock/adapters/node-server.js'
import type { FaultInput } from '../../../mock/control/faults.js'
import type { RateLimitSetting } from '../../../mock/engine/rate-limit/plans.js'
import { runSuite } from '../../runner.js'
import { loadSuite, type Suite } from '../../suite.js'
import type { RunReport } from '../../types.js'
import { armFaults } from './run-wrapped.js'
import { wrapMock, type Behaviour } from './wrap-mock.js'

/** A defect as measured: faults of the mock's engine and/or a wrapper behaviour, on a mock with an optional rate limit. */
export interface MeasurableDefect {
  kind: string
  rateLimit?: RateLimitSetting
  faults?: (keys: MockServerCredentials) => FaultInput[]
  behaviour?: (keys: MockServerCredentials) => Behaviour
}

export interface DefectMeasure {
  kind: string
  caught: boolean
  /** Checks that fail on the defect and pass on the clean mock of the same configuration, each with its first problem. */
  failedChecks: string[]
  /** Faults armed and how many fired (undefined: a wrapper defect). */
  faults?: { armed: number; fired: number }
}

export interface Measurement {
  /** Checks failing on each clean mock (must be none), by rate limit ('none' for the default mock). */
  clean: Record<string, string[]>
  defects: DefectMeasure[]
  caught: number
}

/**
 * The honest figure for a defect list: the WHOLE suite (every check, with application, management and client-side
 * keys and a bearer token of scope `api`) against each defect; caught when a check fails that passes on the clean
 * mock of the same configuration and, for faults, one of them fired.
 */
export async function measureDefects(defects: readonly MeasurableDefect[], options: { concurrency?: number } = {}): Promise<Measurement> {
  const suite = await loadSuite()
  const mocks = new Map<string, MockServer>()
  const mockFor = async (rateLimit?: RateLimitSetting): Promise<MockServer> => {
    const key = rateLimit ?? 'none'
    if (!mocks.has(key)) mocks.set(key, await createMockServer(rateLimit ? { rateLimit } : {}))
    return mocks.get(key)!
  }
  try {
    const clean: Record<string, string[]> = {}
    const cleanFailing = async (rateLimit?: RateLimitSetting): Promise<Set<string>> => {
      const key = rateLimit ?? 'none'
      if (!clean[key]) clean[key] = failing((await runWhole(await mockFor(rateLimit), suite, {}, options.concurrency)).report)
      return new Set(clean[key].map((line) => line.split(':')[0]))
    }
    const measured: DefectMeasure[] = []
    for (const defect of defects) {
      const baseline = await cleanFailing(defect.rateLimit)
      const mock = await mockFor(defect.rateLimit)
      const { report, fired } = await runWhole(mock, suite, { faults: defect.faults?.(mock.credentials), behaviour: defect.behaviour?.(mock.credentials) }, options.concurrency)
      const failedChecks = failing(report).filter((line) => !baseline.has(line.split(':')[0]))
      const armed = defect.faults ? defect.faults(mock.credentials).length : undefined
      const caught = failedChecks.length > 0 && (armed === undefined || fired > 0)
      measured.push({ kind: defect.kind, caught, failedChecks, ...(armed !== undefined ? { faults: { armed, fired } } : {}) })
    }
    return { clean, defects: measured, caught: measured.filter((m) => m.caught).length }
  } finally {
    for (const mock of mocks.values()) await mock.close()
  }
}

const failing = (report: RunReport): string[] =>
  report.results.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.failure?.status ?? ''} ${r.failure?.problems[0]?.pointer ?? ''} ${r.failure?.problems[0]?.message ?? ''}`.slice(0, 240))

/** A bearer token of scope `api` from the mock itself: the token a user passes with --bearer-token. */
async function mintToken(mock: MockServer): Promise<string> {
  const res = await fetch(`${mock.url}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'x-app-id': mock.credentials.appId, 'x-app-token': mock.credentials.appToken, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=api',
  })
  if (res.status !== 200) throw new Error(`no bearer token from the mock: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { access_token: string }).access_token
}

async function runWhole(mock: MockServer, suite: Suite, how: { faults?: FaultInput[]; behaviour?: Behaviour }, concurrency = 4): Promise<{ report: RunReport; fired: number }> {
  await mock.reset()
  const bearerToken = await mintToken(mock)
  if (how.faults) await armFaults(mock.url, how.faults)
  const wrapped = how.behaviour ? await wrapMock(mock.url, how.behaviour, suite.validator.operations) : undefined
  try {
    const report = await runSuite({
      baseUrl: wrapped?.url ?? mock.url,
      credentials: { ...mock.credentials, bearerToken },
      ids: { projectId: mock.credentials.projectId },
      isMock: true,
      validator: suite.validator,
      checks: suite.checks,
      concurrency,
    })
    const faults = how.faults ? ((await (await fetch(`${mock.url}/_mock/faults`)).json()) as { faults: { hits: number }[] }).faults : []
    return { report, fired: faults.filter((f) => f.hits > 0).length }
  } finally {
    await wrapped?.close()
    await mock.reset()
  }
}
