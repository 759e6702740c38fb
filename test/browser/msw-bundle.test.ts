import { describe, expect, it } from 'vitest'
import { bundleForBrowser } from './browser-bundle.js'

// Issue 16: `promokit/msw` is what a Storybook or a browser test bundles. Bundled as their bundler
// would (esbuild, platform browser), promokit's code must pull in no Node built-in and read no
// Node-only global. msw is the app's own (a peer dependency) and made for browsers; it is left out
// of the check (its is-node-process reads `process` behind a typeof guard), and msw-worker.test.ts
// runs the whole bundle, msw included, in Chromium.
describe('promokit/msw bundled for browsers', () => {
  it('pulls in no Node built-in module and reads no Node-only global', async () => {
    const [own, whole] = await Promise.all([bundleForBrowser('mock/adapters/msw/index.ts', 'esm', { external: ['msw'] }), bundleForBrowser('mock/adapters/msw/index.ts')])
    // the figures issue 16 asks for, printed where the run's log keeps them
    const size = (b: typeof own) => `${(b.minifiedBytes / 1024).toFixed(0)} KB minified, ${(b.gzippedBytes / 1024).toFixed(0)} KB gzipped`
    console.log(`promokit/msw for browsers: ${size(own)} (with msw's http handlers: ${size(whole)})`)
    expect(own.builtins).toEqual([])
    expect(own.globals).toEqual([])
    expect(whole.builtins).toEqual([])
  })
})
