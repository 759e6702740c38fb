import { describe, expect, it } from 'vitest'
import { maskText, toCurl } from './curl.js'

describe('toCurl', () => {
  it('renders a copy-pasteable line with every secret masked', () => {
    const line = toCurl({
      method: 'POST',
      url: 'https://api.example.com/v1/exports/exp_1?token=s3cr3t&x=1',
      headers: { accept: 'application/json', 'X-App-Id': 'app-id', 'X-App-Token': 'app-secret', Authorization: 'Bearer tok', 'X-Management-Token': 'mgmt', 'content-type': 'application/json' },
      body: `{"name":"it's"}`,
    })
    expect(line).toBe(
      `curl -X POST 'https://api.example.com/v1/exports/exp_1?token=****&x=1' -H 'X-App-Id: app-id' -H 'X-App-Token: ****' -H 'Authorization: Bearer ****' -H 'X-Management-Token: ****' -H 'content-type: application/json' --data '{"name":"it'\\''s"}'`,
    )
    for (const secret of ['app-secret', 'tok\'', 's3cr3t', 'mgmt']) expect(line).not.toContain(secret)
  })

  it('masks issued access tokens in bodies', () => {
    expect(maskText('{"access_token":"abc","token_type":"Bearer"}')).toBe('{"access_token":"****","token_type":"Bearer"}')
  })
})
