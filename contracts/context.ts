import type { CheckContext, PollOptions, PollStep, ProblemInput } from './check.js'
import type { Cleanup } from './cleanup.js'
import { checkResponse, type ResponseExpectation } from './expect-response.js'
import { CheckFailure, CheckSkipped } from './failures.js'
import type { Exchange, HttpClient, RequestSpec } from './http-client.js'
import { getPointer } from '../src/json-pointer.js'
import type { SuiteValidator } from './suite-validator.js'
import type { KnownIds } from './types.js'

export interface ContextDeps {
  client: HttpClient
  validator: SuiteValidator
  ids: KnownIds
  runId: string
  isMock: boolean
  cleanup: Cleanup
  pollTimeoutMs: number
  wait(ms: number): Promise<void>
  /** How long the run has waited for the target's rate limit so far (those waits move the mock's clock). */
  rateLimitWaitedMs(): number
}

const FIRST_DELAY_MS = 250
const MAX_DELAY_MS = 5_000

export function createCheckContext(deps: ContextDeps): CheckContext {
  const prefix = `pk-${deps.runId}-`
  let counter = 0

  const expectResponse = (exchange: Exchange, expectation?: ResponseExpectation): void => {
    const problems = checkResponse(deps.validator, exchange, expectation)
    if (problems.length > 0) throw new CheckFailure(problems, exchange)
  }

  const fail = (problem: ProblemInput, exchange?: Exchange): never => {
    throw new CheckFailure([{ location: 'behaviour', ...problem }], exchange)
  }

  return {
    client: deps.client,
    validator: deps.validator,
    ids: deps.ids,
    runId: deps.runId,
    prefix,
    tag: { promokit_run: deps.runId },
    isMock: deps.isMock,
    cleanup: deps.cleanup,
    name: (suffix) => `${prefix}${suffix}-${++counter}`,
    async call(spec: RequestSpec, expectation?: ResponseExpectation) {
      const exchange = await deps.client.send(spec)
      // Whatever the check expected, a campaign that got created must go at the end.
      const { status, body } = exchange.response
      if (spec.operationId === 'createCampaign' && status === 200 && typeof body?.id === 'string') deps.cleanup.deleteCampaign(body.id)
      else deps.cleanup.noteCreated(spec.operationId, status, body)
      expectResponse(exchange, expectation)
      return exchange
    },
    expectResponse,
    expectField(exchange, pointer, expected, message) {
      const actual = getPointer(exchange.response.body, pointer)
      if (!deepEqual(actual, expected)) fail({ pointer, message: message ?? `unexpected value at ${pointer}`, expected, actual }, exchange)
    },
    expectThat(exchange, pointer, test, expected, message) {
      const actual = getPointer(exchange.response.body, pointer)
      if (!test(actual)) fail({ pointer, message: message ?? `unexpected value at ${pointer}`, expected, actual }, exchange)
    },
    fail,
    skip(reason) {
      throw new CheckSkipped(reason)
    },
    wait: deps.wait,
    rateLimitWaitedMs: deps.rateLimitWaitedMs,
    // The runner gives each check its own recorder and preparation; outside a run (e.g. cleanup) there are none.
    follows: () => undefined,
    prepared: () => Promise.reject(new Error('prepared() is for a check with a prepare, run by the runner')),
    async poll<T>(probe: () => Promise<PollStep<T>>, options: PollOptions): Promise<T> {
      const timeout = options.timeoutMs ?? deps.pollTimeoutMs
      let waited = 0
      let delay = FIRST_DELAY_MS
      for (;;) {
        const step = await probe()
        if (step.done) return step.value
        if (waited >= timeout) {
          const base = step.problem ?? { pointer: '', message: '' }
          fail({ ...base, message: `${options.what}: not reached within ${timeout} ms${base.message ? ` (${base.message})` : ''}` }, step.exchange)
        }
        const ms = Math.min(delay, timeout - waited)
        await deps.wait(ms)
        waited += ms
        delay = Math.min(delay * 2, MAX_DELAY_MS)
      }
    },
  }
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return ka.length === kb.length && ka.every((k) => deepEqual((a as any)[k], (b as any)[k]))
}
