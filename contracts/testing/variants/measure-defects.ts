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
  const mocks = new DefectMocks()
  try {
    const clean: Record<string, string[]> = {}
    const measured: DefectMeasure[] = []
    for (const defect of defects) {
      const key = defect.rateLimit ?? 'none'
      const mock = await mocks.for(defect.rateLimit)
      clean[key] ??= failing((await runDefect(mock, suite, { kind: 'clean' }, { concurrency: options.concurrency })).report)
      const baseline = new Set(clean[key].map((line) => line.split(':')[0]))
      const { report, fired, armed } = await runDefect(mock, suite, defect, { concurrency: options.concurrency })
      const failedChecks = failing(report).filter((line) => !baseline.has(line.split(':')[0]))
      const caught = failedChecks.length > 0 && (armed === undefined || fired > 0)
      measured.push({ kind: defect.kind, caught, failedChecks, ...(armed !== undefined ? { faults: { armed, fired } } : {}) })
    }
    return { clean, defects: measured, caught: measured.filter((m) => m.caught).length }
  } finally {
    await mocks.close()
  }
}

/** One mock per rate-limit setting (the X-Rate-Limit-* headers are opt-in), started when first needed. */
export class DefectMocks {
  readonly #mocks = new Map<string, MockServer>()

  async for(rateLimit?: RateLimitSetting): Promise<MockServer> {
    const key = rateLimit ?? 'none'
    if (!this.#mocks.has(key)) this.#mocks.set(key, await createMockServer(rateLimit ? { rateLimit } : {}))
    return this.#mocks.get(key)!
  }

  async close(): Promise<void> {
    for (const mock of this.#mocks.values()) await mock.close()
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

/**
 * The suite (every check, or `only` these) against `mock` (reset first) misbehaving as `defect` says, with the
 * credentials a user passes: the mock's keys and a bearer token. `fired`: how many of its faults fired.
 */
export async function runDefect(mock: MockServer, suite: Suite, defect: MeasurableDefect, options: { only?: readonly string[]; concurrency?: number } = {}): Promise<{ report: RunReport; fired: number; armed?: number }> {
  await mock.reset()
  const bearerToken = await mintToken(mock)
  const faults = defect.faults?.(mock.credentials)
  if (faults) await armFaults(mock.url, faults)
  const wrapped = defect.behaviour ? await wrapMock(mock.url, defect.behaviour(mock.credentials), suite.validator.operations) : undefined
  try {
    const report = await runSuite({
      baseUrl: wrapped?.url ?? mock.url,
      credentials: { ...mock.credentials, bearerToken },
      ids: { projectId: mock.credentials.projectId },
      isMock: true,
      validator: suite.validator,
      checks: options.only ? suite.checks.filter((c) => options.only!.includes(c.id)) : suite.checks,
      concurrency: options.concurrency ?? 4,
    })
    const armed = faults ? ((await (await fetch(`${mock.url}/_mock/faults`)).json()) as { faults: { hits: number }[] }).faults : []
    return { report, fired: armed.filter((f) => f.hits > 0).length, ...(faults ? { armed: faults.length } : {}) }
  } finally {
    await wrapped?.close()
    await mock.reset()
  }
}
