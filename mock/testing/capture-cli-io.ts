import { PassThrough } from 'node:stream'
import type { CliIo } from '../../src/cli/run-cli.js'
import { whenPrinted } from '../../test/when-printed.js'

/**
 * A CliIo whose output the test reads back (`text.stdout`, `text.stderr`, `exits`), and `banner`: resolves once
 * stdout has printed `bannerEnd` (the start-up banner's last line), woken by the output itself.
 */
export function captureCliIo(bannerEnd: string) {
  const out = new PassThrough()
  const err = new PassThrough()
  const text = { stdout: '', stderr: '' }
  out.on('data', (c) => (text.stdout += c))
  err.on('data', (c) => (text.stderr += c))
  const exits: number[] = []
  const io: CliIo = { stdout: out, stderr: err, exit: (code) => void exits.push(code) }
  const banner = whenPrinted(out, (printed) => printed.includes(bannerEnd))
  banner.catch(() => undefined) // awaited only by the tests that start the mock
  return { io, exits, text, banner }
}
