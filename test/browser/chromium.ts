import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { listen } from '../../mock/adapters/node-server.js'
import { packageRoot } from '../../src/paths.js'
import { findChromium } from './find-chromium.js'

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

/**
 * Headless Chromium with a fresh profile in a temporary folder, removed on close. The binary is the one
 * test/browser/global-setup.ts found (PROMOKIT_CHROMIUM, else a system Chromium, else @sparticuz/chromium).
 */
export async function launchBrowser(): Promise<Browser> {
  const binary = inject('chromium') ?? (await findChromium())
  const profile = await mkdtemp(join(tmpdir(), 'promokit-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: binary.path,
    headless: true,
    args: ARGS,
    env: { ...process.env, ...binary.env },
  })
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

const CHECKOUT_PAGE = `<!doctype html><html><head><title>Checkout</title></head><body><h1>Checkout on another origin</h1><pre id="out"></pre></body></html>`

/** A second server on another origin (another port of 127.0.0.1) serving a plain page, as a frontend's dev server does. */
export async function otherOrigin(): Promise<{ url: string; server: Server }> {
  const server = await listen((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(CHECKOUT_PAGE), '127.0.0.1', 0)
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

export interface PageAnswer {
  status: number
  body: unknown
  requestId: string | null
  /** The fetch's error when there was no answer (CORS refusal, network fault). */
  failure?: string
}

/** A fetch made by the page itself (CORS, credentials included), as a frontend app makes it. */
export function fetchFromPage(page: Page, url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<PageAnswer> {
  return page.evaluate(
    async ({ url, method, headers, body }) => {
      try {
        const res = await fetch(url, { method, credentials: 'include', headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) })
        const text = await res.text()
        return { status: res.status, body: text ? JSON.parse(text) : undefined, requestId: res.headers.get('X-Request-Id') }
      } catch (error) {
        return { status: 0, body: undefined, requestId: null, failure: String(error) }
      }
    },
    { url, method: init.method ?? 'GET', headers: init.headers ?? {}, body: init.body },
  )
}
