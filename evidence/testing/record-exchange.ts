import { toHarEntry } from '../har/har-entry.js'
import type { HarEntry } from '../har/har-types.js'

/**
 * Sends a request to a mock with its app keys and returns the HAR entry a recorder would write (secrets
 * redacted), stamped `at` ms after 2026-11-26T10:00Z: a recording made in a test, gap by gap.
 */
export function exchangeWith(mock: { url: string; credentials: { appId: string; appToken: string } }) {
  const headers = { 'x-app-id': mock.credentials.appId, 'x-app-token': mock.credentials.appToken, 'content-type': 'application/json' }
  return async (at: number, method: string, path: string, requestBody?: string): Promise<HarEntry> => {
    const res = await fetch(mock.url + path, { method, headers, body: requestBody })
    return toHarEntry({
      startedAt: Date.UTC(2026, 10, 26, 10) + at, durationMs: 1,
      request: { method, url: mock.url + path, headers: Object.entries(headers), body: requestBody === undefined ? undefined : Buffer.from(requestBody) },
      response: { status: res.status, headers: [...res.headers], body: Buffer.from(await res.arrayBuffer()) },
    })
  }
}
