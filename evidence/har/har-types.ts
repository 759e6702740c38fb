/** The parts of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) promokit writes and reads. */
export interface HarNameValue {
  name: string
  value: string
}

export interface HarRequest {
  method: string
  url: string
  httpVersion: string
  cookies: HarNameValue[]
  headers: HarNameValue[]
  queryString: HarNameValue[]
  postData?: { mimeType: string; text: string }
  headersSize: number
  bodySize: number
}

export interface HarResponse {
  status: number
  statusText: string
  httpVersion: string
  cookies: HarNameValue[]
  headers: HarNameValue[]
  content: { size: number; mimeType: string; text?: string; encoding?: 'base64' }
  redirectURL: string
  headersSize: number
  bodySize: number
}

export interface HarEntry {
  startedDateTime: string
  time: number
  request: HarRequest
  response: HarResponse
  cache: Record<string, never>
  timings: { send: number; wait: number; receive: number }
  /** promokit's own: which spec operation the exchange belongs to, when known (HAR allows `_`-prefixed fields). */
  _operationId?: string
}

export interface HarLog {
  log: { version: '1.2'; creator: { name: string; version: string }; entries: HarEntry[]; comment?: string }
}
