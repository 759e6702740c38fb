import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { packageRoot } from '../../src/paths.js'

/** Debian's `chromium` package (.ci/run installs it); never a browser download. */
export const CHROMIUM = process.env.PROMOKIT_CHROMIUM ?? '/usr/bin/chromium'

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Where screenshots go (gitignored): CI keeps them as artifacts, a developer opens them. */
export const ARTIFACTS = join(packageRoot(), 'test-artifacts', 'browser')

export interface Browser {
  context: BrowserContext
  newPage(): Promise<Page>
  /** Saves a screenshot of the viewport (or of one element) as test-artifacts/browser/<name>.png; returns its path. */
  screenshot(page: Page, name: string, selector?: string): Promise<string>
  close(): Promise<void>
}

/** Headless Chromium with a fresh profile in a temporary folder, removed on close. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or set PROMOKIT_CHROMIUM`)
  }
  const profile = await mkdtemp(join(tmpdir(), 'promokit-chromium-'))
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS })
  await mkdir(ARTIFACTS, { recursive: true })
  return {
    context,
    newPage: () => context.newPage(),
    async screenshot(page, name, selector) {
      const path = join(ARTIFACTS, `${name}.png`)
      if (selector) await page.locator(selector).screenshot({ path })
      else {
        await page.evaluate('window.scrollTo(0, 0)')
        await page.screenshot({ path })
      }
      return path
    },
    async close() {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}

/** Every URL the page asks for, so a test can assert that none leaves the mock. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    urls.push(request.url())
  })
  return urls
}
