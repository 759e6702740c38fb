/** Credentials the suite may send; any of them can be absent (checks needing them are skipped). */
export interface Credentials {
  appId?: string
  appToken?: string
  bearerToken?: string
  managementId?: string
  managementToken?: string
}

/** How a request authenticates: a scheme from the spec, nothing, or explicit headers (e.g. wrong keys). */
export type AuthMode = 'app' | 'bearer' | 'management' | 'none' | { headers: Record<string, string> }

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

export interface HttpClientOptions {
  baseUrl: string
  credentials: Credentials
  timeoutMs: number
  maxRequests: number
  onExchange?: (exchange: Exchange) => void
}

/** Sequential fetch client: one request at a time, a per-request timeout and a hard request budget. */
export class HttpClient {
  #sent = 0
  readonly #options: HttpClientOptions

  constructor(options: HttpClientOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') }
  }

  get baseUrl(): string {
    return this.#options.baseUrl
  }

  get credentials(): Credentials {
    return this.#options.credentials
  }

  get requestCount(): number {
    return this.#sent
  }

  /** A client sharing this one's settings but with its own budget (cleanup must run even when checks ran out). */
  withBudget(maxRequests: number): HttpClient {
    return new HttpClient({ ...this.#options, maxRequests, onExchange: undefined })
  }

  async send(spec: RequestSpec): Promise<Exchange> {
    if (this.#sent >= this.#options.maxRequests) throw new BudgetExceeded(this.#options.maxRequests)
    this.#sent++
    const request = this.#buildRequest(spec)
    const started = performance.now()
    let res: Response
    let text: string
    try {
      res = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      })
      text = await res.text()
    } catch (error) {
      const cause = (error as Error).name === 'TimeoutError' ? `no answer within ${this.#options.timeoutMs} ms` : String((error as Error).message)
      throw new RequestFailed(request, cause)
    }
    const headers: Record<string, string> = {}
    res.headers.forEach((value, name) => (headers[name] = value))
    const contentType = headers['content-type'] ?? ''
    const exchange: Exchange = {
      operationId: spec.operationId,
      request,
      response: { status: res.status, headers, contentType, text, body: parseBody(contentType, text) },
      durationMs: Math.round(performance.now() - started),
    }
    this.#options.onExchange?.(exchange)
    return exchange
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

  #authHeaders(auth: AuthMode): Record<string, string> {
    const c = this.#options.credentials
    if (typeof auth === 'object') return auth.headers
    if (auth === 'app') return definedOnly({ 'X-App-Id': c.appId, 'X-App-Token': c.appToken })
    if (auth === 'bearer') return definedOnly({ Authorization: c.bearerToken ? `Bearer ${c.bearerToken}` : undefined })
    if (auth === 'management') return definedOnly({ 'X-Management-Id': c.managementId, 'X-Management-Token': c.managementToken })
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
