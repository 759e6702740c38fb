import { Transport, describeTransportError } from './http-transport.js'
import type { RateLimitBackoff } from './rate-limit.js'

/** Credentials the suite may send; any of them can be absent (checks needing them are skipped). */
export interface Credentials {
  appId?: string
  appToken?: string
  bearerToken?: string
  managementId?: string
  managementToken?: string
  /** Client-side keys (`X-Client-Application-Id`, `X-Client-Token`) for `/client/v1`: public, meant for browsers. */
  clientId?: string
  clientToken?: string
}

/** How a request authenticates: a scheme from the spec, nothing, or explicit headers (e.g. wrong keys). */
export type AuthMode = 'app' | 'bearer' | 'management' | 'client' | 'none' | { headers: Record<string, string> }

export interface RequestSpec {
  operationId: string
  method: string
  /** Path relative to the base URL (already filled in), or an absolute URL (e.g. an export's result.url). */
  path: string
  /** Query values; deepObject keys are passed flat, e.g. `filters[campaigns][conditions][$is]`. */
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  /** application/x-www-form-urlencoded body (createOAuthToken). */
  form?: Record<string, string>
  auth?: AuthMode
  headers?: Record<string, string>
}

export interface RecordedRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
}

export interface RecordedResponse {
  status: number
  headers: Record<string, string>
  contentType: string
  text: string
  /** Parsed JSON when the response says JSON (undefined if it does not parse), else the text. */
  body: any
}

export interface Exchange {
  operationId: string
  request: RecordedRequest
  response: RecordedResponse
  durationMs: number
}

/** The operationId of requests to the promokit mock's control API (/_mock/...): outside the request budget. */
export const MOCK_CONTROL = '_mock'
/** DELETE, one more DELETE while the campaign is still generating, getCampaign until gone. */
export const CAMPAIGN_CLEANUP_REQUESTS = 3

export class BudgetExceeded extends Error {
  constructor(readonly limit: number) {
    super(`request budget of ${limit} requests used up (raise it with --max-requests)`)
  }
}

export class RequestFailed extends Error {
  constructor(readonly request: RecordedRequest, cause: string) {
    super(`${request.method} ${request.url} failed: ${cause}`)
  }
}

/**
 * The hard request limit of a run (`--max-requests`), shared by every client of the run. Checks may use it
 * only up to what the cleanup still needs (`reserved()`), so undoing what the run created always fits.
 */
export class RequestBudget {
  #sent = 0

  /** `sentBefore`: requests the command sent to the target before the run (they count too). */
  constructor(readonly limit: number, private readonly reserved: () => number = () => 0, sentBefore = 0) {
    this.#sent = sentBefore
  }

  get sent(): number {
    return this.#sent
  }

  #held = 0

  /**
   * One request. A check's request that may create something to undo (`undo` requests) also keeps those back
   * until `release()`, by when the created resource is registered with the cleanup (and in `reserved()`).
   */
  take(purpose: 'check' | 'cleanup', undo = 0): void {
    const cap = purpose === 'cleanup' ? this.limit : this.limit - this.reserved() - this.#held - undo
    if (this.#sent >= cap) throw new BudgetExceeded(this.limit)
    this.#sent++
    this.#held += undo
  }

  release(undo: number): void {
    this.#held -= undo
  }
}

export interface HttpClientOptions {
  baseUrl: string
  credentials: Credentials
  timeoutMs: number
  /** A number makes a budget of its own. */
  budget: RequestBudget | number
  /** Paces the run by the target's rate-limit headers and waits out 429s (absent: no pacing). */
  limiter?: RateLimitBackoff
  /** `cleanup` may use the budget the checks must leave for it. */
  purpose?: 'check' | 'cleanup'
  onExchange?: (exchange: Exchange) => void
  /** Connections; shared with forCleanup(). Default: a new one. */
  transport?: Transport
}

/** HTTP with a per-request timeout, a hard request budget and the run's rate limiter; safe to use concurrently. */
export class HttpClient {
  readonly #options: HttpClientOptions
  readonly #budget: RequestBudget

  constructor(options: HttpClientOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, ''), transport: options.transport ?? new Transport() }
    this.#budget = typeof options.budget === 'number' ? new RequestBudget(options.budget) : options.budget
  }

  get baseUrl(): string {
    return this.#options.baseUrl
  }

  get credentials(): Credentials {
    return this.#options.credentials
  }

  /** Requests sent through the budget this client shares (every client of the run). */
  get requestCount(): number {
    return this.#budget.sent
  }

  /** The same budget and limiter, for the cleanup: it may use what the checks had to leave. */
  forCleanup(): HttpClient {
    return new HttpClient({ ...this.#options, budget: this.#budget, purpose: 'cleanup', onExchange: undefined })
  }

  async send(spec: RequestSpec): Promise<Exchange> {
    const request = this.#buildRequest(spec)
    const started = performance.now()
    // A created campaign costs the cleanup up to three requests (see Cleanup.reserve); the checks must leave room for them.
    const undo = spec.operationId === 'createCampaign' ? CAMPAIGN_CLEANUP_REQUESTS : 0
    const attempt = async (): Promise<RecordedResponse> => {
      // The promokit mock's control API (moving its clock) is not the target's API: it costs the target nothing.
      if (spec.operationId !== MOCK_CONTROL) this.#budget.take(this.#options.purpose ?? 'check', undo)
      try {
        return await this.#exchange(request)
      } finally {
        // Released once the caller (the check context) has had the chance to register what was created.
        if (undo) queueMicrotask(() => queueMicrotask(() => this.#budget.release(undo)))
      }
    }
    // Control calls to the promokit mock are not the target's API: no pacing (a wait may itself be one of them).
    const limiter = spec.operationId === MOCK_CONTROL ? undefined : this.#options.limiter
    const response = limiter ? await limiter.run(attempt) : await attempt()
    const exchange: Exchange = { operationId: spec.operationId, request, response, durationMs: Math.round(performance.now() - started) }
    this.#options.onExchange?.(exchange)
    return exchange
  }

  async #exchange(request: RecordedRequest): Promise<RecordedResponse> {
    let answer: { status: number; headers: Record<string, string>; text: string }
    try {
      answer = await this.#options.transport!.send(request, this.#options.timeoutMs)
    } catch (error) {
      throw new RequestFailed(request, describeTransportError(error, this.#options.timeoutMs))
    }
    const contentType = answer.headers['content-type'] ?? ''
    return { ...answer, contentType, body: parseBody(contentType, answer.text) }
  }

  /** Drops the idle connections of this client and its forCleanup() (call when the run is over). */
  close(): void {
    this.#options.transport!.close()
  }

  #buildRequest(spec: RequestSpec): RecordedRequest {
    const url = new URL(/^https?:\/\//.test(spec.path) ? spec.path : this.#options.baseUrl + spec.path)
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) url.searchParams.append(name, String(value))
    }
    const headers: Record<string, string> = { accept: 'application/json', ...this.#authHeaders(spec.auth ?? 'app') }
    let body: string | undefined
    if (spec.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(spec.form).toString()
    } else if (spec.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(spec.body)
    }
    Object.assign(headers, spec.headers)
    return { method: spec.method.toUpperCase(), url: url.toString(), headers, body }
  }

  /** The headers of each scheme, made once (credentials do not change during a run). */
  readonly #schemes = new Map<AuthMode, Record<string, string>>()

  #authHeaders(auth: AuthMode): Record<string, string> {
    if (typeof auth === 'object') return auth.headers
    let headers = this.#schemes.get(auth)
    if (!headers) this.#schemes.set(auth, (headers = this.#schemeHeaders(auth)))
    return headers
  }

  #schemeHeaders(auth: Exclude<AuthMode, object>): Record<string, string> {
    const c = this.#options.credentials
    if (auth === 'app') return definedOnly({ 'X-App-Id': c.appId, 'X-App-Token': c.appToken })
    if (auth === 'bearer') return definedOnly({ Authorization: c.bearerToken ? `Bearer ${c.bearerToken}` : undefined })
    if (auth === 'management') return definedOnly({ 'X-Management-Id': c.managementId, 'X-Management-Token': c.managementToken })
    if (auth === 'client') return definedOnly({ 'X-Client-Application-Id': c.clientId, 'X-Client-Token': c.clientToken })
    return {}
  }
}

function definedOnly(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined))
}

function parseBody(contentType: string, text: string): unknown {
  if (!/[/+]json\b/i.test(contentType)) return text
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
