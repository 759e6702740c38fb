import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { Command } from 'commander'
import { Transport } from '../../contracts/http-transport.js'
import { closeServer, listen } from '../../mock/adapters/node-server.js'
import { CliError, USAGE_ERROR } from '../../src/cli/cli-error.js'
import { envValue, integerOption } from '../../src/cli/options.js'
import { packageVersion } from '../../src/cli/run-cli.js'
import { HarWriter } from '../har/har-writer.js'
import { createRecordingProxy } from './recording-proxy.js'

interface RecordFlags {
  target: string
  port: number
  host: string
  out: string
}

export interface RecordIo {
  stdout: { write(text: string): unknown }
  /** Runs `tick` every `ms` until the returned stop is called (tests drive it by hand). */
  every?(ms: number, tick: () => void): () => void
}

/** While recording, how often the count of exchanges so far is printed (when it changed). */
const PROGRESS_EVERY_MS = 10_000

function everyInterval(ms: number, tick: () => void): () => void {
  const timer = setInterval(tick, ms).unref()
  return () => clearInterval(timer)
}

/** `promokit record --target <url> --out traffic.har`: a recording proxy in front of a deployment (or the mock). */
export function recordCommand(io: RecordIo = { stdout: process.stdout }, env: NodeJS.ProcessEnv = process.env): Command {
  return new Command('record')
    .description('a recording proxy: point an app, the SDK or a browser at it; every exchange with --target is written to a HAR 1.2 file, secrets redacted')
    .requiredOption('--target <url>', 'the deployment to forward to, e.g. https://staging.example.com or http://127.0.0.1:4010')
    .option('--port <n>', 'port to listen on; 0 picks a free one (env PROMOKIT_RECORD_PORT)', integerOption(0, 65_535), Number(envValue(env, 'PROMOKIT_RECORD_PORT') ?? 4030))
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--out <file>', 'the HAR file to write (valid after every exchange: stop with Ctrl-C at any moment)', 'traffic.har')
    .addHelpText('after', `
Example:
  promokit record --target https://staging.example.com --out staging.har
  # then point the app or SDK at http://127.0.0.1:4030 (apiUrl), use it, Ctrl-C; replay with promokit replay staging.har --against mock

Redacted to ****: X-App-Token, X-Management-Token, X-Client-Token, Authorization bearer tokens, cookies,
download tokens (token= in URLs), issued access_token and client_secret in bodies. Bodies are kept.`)
    .action(async (flags: RecordFlags) => runRecord(flags, io))
}

async function runRecord(flags: RecordFlags, io: RecordIo): Promise<void> {
  if (!/^https?:\/\/[^/]/.test(flags.target) || !URL.canParse(flags.target)) throw new CliError(USAGE_ERROR, `--target must be an http(s) URL, got "${flags.target}"`)
  let writer: HarWriter
  try {
    writer = new HarWriter(flags.out, { name: 'promokit record', version: packageVersion() }, `recorded through promokit record from ${new URL(flags.target).origin}`)
  } catch (error) {
    throw new CliError(USAGE_ERROR, `--out ${flags.out}: ${(error as Error).message}`)
  }
  const transport = new Transport()
  let server: Server
  try {
    server = await listen(createRecordingProxy({ target: flags.target, writer, transport }), flags.host, flags.port)
  } catch (error) {
    writer.close()
    throw new CliError(USAGE_ERROR, `cannot listen on ${flags.host}:${flags.port}: ${(error as Error).message}`)
  }
  const { port } = server.address() as AddressInfo
  const url = `http://${flags.host.includes(':') ? `[${flags.host}]` : flags.host}:${port}`
  io.stdout.write(`Recording ${flags.target} through ${url} to ${resolve(flags.out)} (Ctrl-C stops; the file is complete after every exchange)\n`)
  let reported = 0
  const stopProgress = (io.every ?? everyInterval)(PROGRESS_EVERY_MS, () => {
    if (writer.entries === reported) return
    reported = writer.entries
    io.stdout.write(`… ${reported} exchange(s) recorded so far (${Math.round(writer.size / 1024)} KB)\n`)
  })
  let inFlight = 0
  server.on('request', (_req, res: ServerResponse) => {
    inFlight++
    res.once('close', () => inFlight--)
  })
  // One listener from here to the end: a signal with none registered would kill the process at once.
  const signals = onSignals()
  try {
    const failure = await Promise.race([signals.first, writer.failure]).finally(stopProgress)
    // Exchanges in flight get the server's grace period to finish (and be recorded); a second Ctrl-C cuts them.
    if (inFlight > 0) io.stdout.write(`stopping: waiting for ${inFlight} exchange(s) in flight (up to 10 s; Ctrl-C again stops at once)\n`)
    signals.again(() => server.closeAllConnections())
    await closeServer(server)
    transport.close()
    writer.close()
    if (failure) throw new CliError(1, `stopped recording: ${resolve(flags.out)} could not be written (${failure.message}); it holds the exchanges before the failure`)
  } finally {
    signals.off()
  }
  io.stdout.write(`${writer.entries} exchange(s) recorded to ${resolve(flags.out)} (${writer.size} bytes)\n`)
}

/** Ctrl-C or SIGTERM: `first` settles on the first; `again` is what a later one does; `off` removes the handler. */
function onSignals(): { first: Promise<undefined>; again(action: () => void): void; off(): void } {
  let stop!: () => void
  let later = (): void => undefined
  const first = new Promise<undefined>((resolveStop) => (stop = () => resolveStop(undefined)))
  let count = 0
  const handler = (): void => void (count++ === 0 ? stop() : later())
  process.on('SIGINT', handler).on('SIGTERM', handler)
  return { first, again: (action) => void (later = action), off: () => void process.off('SIGINT', handler).off('SIGTERM', handler) }
}
