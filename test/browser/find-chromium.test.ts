import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findChromium } from './find-chromium.js'

const dir = mkdtempSync(join(tmpdir(), 'promokit-find-chromium-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** An executable file called `name` in its own folder, to stand for an installed browser. */
function fakeBrowser(name: string): { folder: string; path: string } {
  const folder = mkdtempSync(join(dir, 'bin-'))
  const path = join(folder, name)
  writeFileSync(path, '#!/bin/sh\nexit 0\n')
  chmodSync(path, 0o755)
  return { folder, path }
}

describe('the browser the tests drive, found with no set-up beyond npm install', () => {
  it('takes PROMOKIT_CHROMIUM first, and stops when it names no executable file', async () => {
    const chosen = fakeBrowser('my-chrome')
    const system = fakeBrowser('chromium')
    expect(await findChromium({ PROMOKIT_CHROMIUM: chosen.path, PATH: system.folder })).toEqual({ path: chosen.path, source: 'PROMOKIT_CHROMIUM', env: {} })
    await expect(findChromium({ PROMOKIT_CHROMIUM: join(dir, 'missing'), PATH: system.folder })).rejects.toThrow(/PROMOKIT_CHROMIUM=.*missing is not an executable file/)
    await expect(findChromium({ PROMOKIT_CHROMIUM: dir, PATH: system.folder })).rejects.toThrow(/not an executable file/)
  })

  it('then a system Chromium or Chrome on PATH, skipping files that are not executable', async () => {
    const chrome = fakeBrowser('google-chrome')
    const notExecutable = fakeBrowser('chromium')
    chmodSync(notExecutable.path, 0o644)
    expect(await findChromium({ PATH: `${notExecutable.folder}:${chrome.folder}` })).toEqual({ path: chrome.path, source: 'system', env: {} })
  })

  it('else the headless Chromium inside @sparticuz/chromium, unpacked with its own libraries and fonts', async () => {
    const bundled = await findChromium({ PATH: join(dir, 'empty') })
    expect(bundled.source).toBe('@sparticuz/chromium')
    expect(bundled.path).toMatch(/node_modules\/\.cache\/promokit-chromium-[\d.]+\/chromium$/)
    const version = execFileSync(bundled.path, ['--version'], { env: { ...process.env, ...bundled.env }, encoding: 'utf8' })
    expect(version).toMatch(/Chromium \d+\./)
    // the second call finds the unpacked copy
    expect(await findChromium({ PATH: join(dir, 'empty') })).toEqual(bundled)
  })
})
