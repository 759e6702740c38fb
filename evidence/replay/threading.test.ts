import { describe, expect, it } from 'vitest'
import { IdThreads } from './threading.js'

describe('IdThreads', () => {
  it('maps the ids, codes and URLs the new target returned at the same place, and rewrites later requests with them', () => {
    const threads = new IdThreads()
    threads.learn(
      { id: 'camp_OLD123', name: 'Same', vouchers: [{ code: 'REC-AAAA1' }], result: { url: 'http://a/v1/exports/exp_1?token=****' }, request_id: 'v-1' },
      { id: 'camp_NEW456', name: 'Same', vouchers: [{ code: 'REC-BBBB2' }], result: { url: 'http://b/v1/exports/exp_2?token=real' }, request_id: 'v-2' },
    )
    expect(threads.apply('/v1/campaigns/camp_OLD123?x=REC-AAAA1')).toBe('/v1/campaigns/camp_NEW456?x=REC-BBBB2')
    expect(threads.apply('{"redeemables":[{"id":"REC-AAAA1"}]}')).toBe('{"redeemables":[{"id":"REC-BBBB2"}]}')
    expect(threads.apply('http://a/v1/exports/exp_1?token=****')).toBe('http://b/v1/exports/exp_2?token=real')
    expect(threads.apply('v-1 Same')).toBe('v-1 Same')
  })

  it('takes the access token the new target issued in place of a redacted one', () => {
    const threads = new IdThreads()
    threads.learn({ access_token: '****' }, { access_token: 'tok-new' })
    expect(threads.bearer).toBe('tok-new')
    expect(threads.size).toBe(0)
  })

  it('maps a validation session\'s key, so a later validation or redemption in that session holds the new lock, and never an error\'s key', () => {
    const threads = new IdThreads()
    threads.learn({ valid: true, session: { key: 'ssn_RECORDED01', type: 'LOCK' } }, { valid: true, session: { key: 'ssn_NOW0000002', type: 'LOCK' } })
    threads.learn({ code: 400, key: 'quantity_exceeded' }, { code: 400, key: 'resource_not_found' })
    expect(threads.apply('{"session":{"key":"ssn_RECORDED01","type":"LOCK"}}')).toBe('{"session":{"key":"ssn_NOW0000002","type":"LOCK"}}')
    expect(threads.size).toBe(1)
  })

  it('never maps short values, or one that differs only by a key of no id', () => {
    const threads = new IdThreads()
    threads.learn({ id: 'ab', total: 'x1234' }, { id: 'cd', total: 'y5678' })
    expect(threads.size).toBe(0)
  })
})
