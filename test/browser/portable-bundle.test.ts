import { createContext, runInContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { expectContract } from '../../mock/testing/expect-contract.js'
import { bundleForBrowser } from './browser-bundle.js'

/** What a page offers (and a service worker, and MSW's browser side): Web APIs, no Node. */
const webGlobals = () => ({
  Request, Response, Headers, URL, URLSearchParams, TextEncoder, TextDecoder, AbortController,
  crypto: globalThis.crypto, structuredClone, setTimeout, clearTimeout, performance, btoa, atob, console,
})

describe('the platform-neutral core (mock/adapters/portable.ts) bundled for browsers', () => {
  it('pulls in no Node built-in module and reads no Node-only global', async () => {
    const bundle = await bundleForBrowser('mock/adapters/portable.ts')
    // the figure issue 16 asks for; printed where the run's log keeps it
    console.log(`mock/adapters/portable.ts for browsers: ${(bundle.minifiedBytes / 1024).toFixed(0)} KB minified, ${(bundle.gzippedBytes / 1024).toFixed(0)} KB gzipped`)
    expect(bundle.builtins).toEqual([])
    expect(bundle.globals).toEqual([])
  })

  it('runs where only Web APIs exist: a campaign is created and listed through handle(Request)', async () => {
    const { code } = await bundleForBrowser('mock/adapters/portable.ts', 'iife')
    const page = createContext(webGlobals())
    runInContext(`${code}\n;globalThis.promokit = promokit`, page)
    const { createPortableMock } = (page as { promokit: typeof import('../../mock/adapters/portable.js') }).promokit
    const mock = await createPortableMock({ clock: 'manual' })
    const keys = { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' }
    const created = await mock.handle(new Request('http://mock.test/v1/campaigns', {
      method: 'POST',
      headers: { ...keys, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Bundle check', campaign_type: 'DISCOUNT_COUPONS', type: 'AUTO_UPDATE', voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } } }),
    }))
    const campaign = await checked(created, 'createCampaign') as { id: string }
    const listed = await checked(await mock.handle(new Request('http://mock.test/v1/campaigns?limit=100', { headers: keys })), 'listCampaigns')
    expect((listed as { campaigns: { id: string }[] }).campaigns.map((c) => c.id)).toContain(campaign.id)

    async function checked(res: Response, operationId: string): Promise<unknown> {
      expect(res.status).toBe(200)
      const body: unknown = await res.json()
      expectContract({ status: res.status, body, headers: Object.fromEntries(res.headers) }, operationId, mock.control.deps.validator)
      return body
    }
  })
})
