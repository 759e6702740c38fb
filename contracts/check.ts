import type { Cleanup } from './cleanup.js'
import type { ResponseExpectation } from './expect-response.js'
import type { Exchange, HttpClient, RequestSpec } from './http-client.js'
import type { SuiteValidator } from './suite-validator.js'
import type { FixtureId, KnownIds, Problem } from './types.js'

/** One check of the suite: data plus a small function (issue 4: checks as data, like Ajv's case files). */
export interface Check {
  /** Stable id, `<area>.<what>`; `--grep` matches it and the title. */
  id: string
  title: string
  operationIds: readonly string[]
  /** True only when every request it sends changes nothing and creates nothing (`--read-only`). */
  readOnly: boolean
  /** Ids of existing resources it needs; when one is unknown the check is skipped with the reason. */
  needs?: readonly FixtureId[]
  /** Ids it uses when they are known or can be discovered, and otherwise works around (never skipped for them). */
  uses?: readonly FixtureId[]
  /**
   * Requests one run of it sends, including those that undo what it creates (cleanup) and the mock's clock
   * moves; `--list` adds them up and `--budget` plans with them. Measured on a full run against the mock;
   * default 1 for a read-only check, 4 for a writing one (contracts/check-costs.ts).
   */
  requests?: number
  /** What it is worth when the budget is short (default 1; a happy path of its operation 3). */
  value?: number
  /** What it shares with checks that may run at the same time (`--concurrency`). Undeclared, it runs alone (or, read-only, waits for every writer). */
  shares?: SharedUse
  /**
   * What it creates before it checks anything (a campaign of its own, generated, and its codes), returned for
   * `run` to take with `ctx.prepared()`. Its requests are checked as the check's own and count in `requests`.
   * Side by side, the run starts every check's preparation at its start (contracts/prepare-ahead.ts).
   */
  prepare?(ctx: CheckContext): Promise<unknown>
  run(ctx: CheckContext): Promise<void>
}

/**
 * Things checks share: `campaign-list` (what listCampaigns returns), `clock` (the mock's, moved by waits),
 * `gift-card` (the discovered gift campaign's balances), `reward-assignment`, `referral-holders`,
 * `run-campaigns` (campaigns other checks of the run created, which the cleanup deletes as their checks
 * finish: a check that picks one of them reads it), or any other name.
 */
export type SharedResource = 'campaign-list' | 'clock' | 'gift-card' | 'reward-assignment' | 'referral-holders' | 'run-campaigns' | (string & {})

/**
 * Two checks conflict (never run side by side) when one changes what the other reads or changes too much
 * to share: a check that `reads` a resource must not see it change meanwhile; checks that only `change`
 * one (e.g. each creates campaigns of its own) may run together.
 */
export interface SharedUse {
  reads?: readonly SharedResource[]
  changes?: readonly SharedResource[]
  /**
   * Of `changes`, what only the check's `prepare` changes (e.g. `clock`, moved while its codes are generated):
   * prepared ahead of the check's turn (contracts/prepare-ahead.ts), the turn itself no longer changes it.
   */
  preparing?: readonly SharedResource[]
}

/** A problem as checks state it; `location` defaults to `behaviour`. */
export type ProblemInput = Omit<Problem, 'location'> & { location?: Problem['location'] }

export type PollStep<T> = { done: true; value: T } | { done: false; exchange?: Exchange; problem?: ProblemInput }

export interface PollOptions {
  /** What is awaited, for the failure message. */
  what: string
  timeoutMs?: number
}

export interface CheckContext {
  client: HttpClient
  validator: SuiteValidator
  ids: Readonly<KnownIds>
  runId: string
  /** `pk-<runid>-`: every name the run creates starts with it. */
  prefix: string
  /** The metadata tag every created resource carries. */
  tag: { promokit_run: string }
  isMock: boolean
  cleanup: Cleanup
  /** A unique name under the run prefix. */
  name(suffix: string): string
  /** Sends the request and checks the response (expectResponse); throws CheckFailure on any problem. */
  call(spec: RequestSpec, expectation?: ResponseExpectation): Promise<Exchange>
  /** Checks a response already received (e.g. one polled). */
  expectResponse(exchange: Exchange, expectation?: ResponseExpectation): void
  /** A behaviour assertion: the value at `pointer` of the exchange's body must deep-equal `expected`. */
  expectField(exchange: Exchange, pointer: string, expected: unknown, message?: string): void
  /** The value at `pointer` must satisfy `test`; `expected` describes what was wanted, for the report. */
  expectThat(exchange: Exchange, pointer: string, test: (actual: any) => boolean, expected: string, message?: string): void
  fail(problem: ProblemInput, exchange?: Exchange): never
  skip(reason: string): never
  /** Repeats `probe` with backoff until it reports done; on the mock, time is advanced instead of slept. */
  poll<T>(probe: () => Promise<PollStep<T>>, options: PollOptions): Promise<T>
  /**
   * Records which documented behaviour the target showed where the API description and the real service's
   * documentation differ (both pass), e.g. `delete: 202 + async_action_id (real service)`; the reports show it.
   */
  follows(behaviour: string): void
  /** Lets `ms` pass: the mock's clock is advanced, a deployment is waited for. */
  wait(ms: number): Promise<void>
  /**
   * How long the whole run has waited for the target's rate limit so far. Time passed in such a wait (on the mock,
   * its clock moved) can end what a check holds for a few seconds, such as a lock; the check can then tell.
   */
  rateLimitWaitedMs(): number
  /** What the check's `prepare` made (prepared ahead, or now); a failed preparation throws its failure here. */
  prepared<T>(): Promise<T>
}
