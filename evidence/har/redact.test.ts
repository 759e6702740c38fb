import { describe, expect, it } from 'vitest'
import { toHarEntry } from './har-entry.js'

const SECRETS = ['app-token-123', 'mgmt-token-456', 'bearer-abc', 'client-token-789', 'download-tok', 'issued-access', 'client-secret-x', 'cookie-val']

describe('HAR redaction', () => {
  it('keeps no application, management, bearer, client or download token, issued token, client secret or cookie, and keeps the rest', () => {
    const entry = toHarEntry({
      startedAt: 0,
      durationMs: 1,
      request: {
        method: 'POST',
        url: 'https://staging.example.com/v1/exports/exp_1?token=download-tok&limit=2',
        headers: [['X-App-Id', 'app-id-1'], ['X-App-Token', 'app-token-123'], ['X-Management-Token', 'mgmt-token-456'], ['Authorization', 'Bearer bearer-abc'],
          ['X-Client-Token', 'client-token-789'], ['Cookie', 'sid=cookie-val'], ['content-type', 'application/x-www-form-urlencoded']],
        body: Buffer.from('grant_type=client_credentials&client_secret=client-secret-x&access_token=issued-access&scope=api'),
      },
      response: {
        status: 200,
        headers: [['content-type', 'application/json'], ['set-cookie', 'sid=cookie-val']],
        body: Buffer.from('{"access_token":"issued-access","result":{"url":"https://x/v1/exports/exp_1?token=download-tok"},"name":"kept"}'),
      },
    })
    const text = JSON.stringify(entry)
    for (const secret of SECRETS) expect(text).not.toContain(secret)
    expect(entry.request.headers).toContainEqual({ name: 'X-App-Id', value: 'app-id-1' })
    expect(entry.request.headers).toContainEqual({ name: 'Authorization', value: 'Bearer ****' })
    expect(entry.request.queryString).toEqual([{ name: 'token', value: '****' }, { name: 'limit', value: '2' }])
    expect(entry.request.postData?.text).toBe('grant_type=client_credentials&client_secret=****&access_token=****&scope=api')
    expect(JSON.parse(entry.response.content.text!)).toEqual({ access_token: '****', result: { url: 'https://x/v1/exports/exp_1?token=****' }, name: 'kept' })
  })

  it('keeps a binary body as base64', () => {
    const entry = toHarEntry({ startedAt: 0, durationMs: 1, request: { method: 'GET', url: 'http://h/x', headers: [] }, response: { status: 200, headers: [['content-type', 'image/png']], body: Buffer.from([0, 1, 2, 255]) } })
    expect(entry.response.content).toEqual({ size: 4, mimeType: 'image/png', text: 'AAEC/w==', encoding: 'base64' })
  })
})
