import { describe, expect, it } from 'vitest'
import { loadSpec } from '../src/spec/load-spec.js'
import { clusterUrl } from './target.js'

describe('clusterUrl', () => {
  it("builds the deployment URL from the spec's servers template", async () => {
    const doc = await loadSpec()
    expect(clusterUrl(doc, 'us1.api')).toBe('https://us1.api.voucherify.io')
    expect(clusterUrl(doc, 'api', 'example.com')).toBe('https://api.example.com')
    expect(() => clusterUrl(doc, 'mars.api')).toThrow(/must be one of api, us1\.api/)
  })
})
