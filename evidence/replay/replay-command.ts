import { resolve } from 'node:path'
import { Command } from 'commander'
import { writeOutput } from '../../contracts/command-support.js'
import { createMockServer } from '../../mock/adapters/node-server.js'
import { CliError, USAGE_ERROR } from '../../src/cli/cli-error.js'
import { envValue, existingFolder, integerOption } from '../../src/cli/options.js'
import { loadCompiledSpec } from '../../src/validation/validator.js'
import { HarFileError, readHar } from '../har/read-har.js'
import { printReplay } from './print-replay.js'
import { replay, ReplayTargetUnusable, type ReplayReport, type ReplayTarget } from './replay.js'
import { ReplayTargetError, urlTarget } from './replay-target.js'

interface ReplayFlags {
  against: string
  fixtures?: string
  json?: string
  timeout: number
  appId?: string
  appToken?: string
  bearerToken?: string
  managementId?: string
  managementToken?: string
  clientId?: string
  clientToken?: string
}

export interface ReplayIo {
  stdout: { write(text: string): unknown }
  env: NodeJS.ProcessEnv
  /** Milliseconds, for the progress line (tests inject one). */
  now?(): number
}

/** A long replay (a staging session against a deployment) says where it is this often. */
const PROGRESS_EVERY_MS = 5_000

/** `promokit replay traffic.har --against <url | mock>`: the recording as a fidelity test. Exit 0 alike, 1 different, 2 unusable. */
export function replayCommand(io: ReplayIo = { stdout: process.stdout, env: process.env }): Command {
  return new Command('replay')
    .description('send the requests of a HAR recording to a target in order (ids threaded) and compare each answer with the recorded one')
    .argument('<har>', 'a HAR file (promokit record, promokit contract --record, or a browser\'s export)')
    .requiredOption('--against <target>', '"mock" (a fresh in-process mock whose clock follows the recording) or a deployment\'s URL')
    .option('--fixtures <dir>', 'with --against mock: the fixtures it starts from (default: the bundled ones)', existingFolder)
    .option('--json <file>', 'write the replay report as JSON (promokit matrix reads it)')
    .option('--timeout <ms>', 'per-request timeout', integerOption(1), 10_000)
    .option('--app-id <id>', 'X-App-Id sent to a deployment (env PROMOKIT_APP_ID)')
    .option('--app-token <token>', 'X-App-Token (env PROMOKIT_APP_TOKEN)')
    .option('--bearer-token <token>', 'sent where the recording had a bearer token it did not obtain itself (env PROMOKIT_BEARER_TOKEN)')
    .option('--management-id <id>', 'X-Management-Id (env PROMOKIT_MANAGEMENT_ID)')
    .option('--management-token <token>', 'X-Management-Token (env PROMOKIT_MANAGEMENT_TOKEN)')
    .option('--client-id <id>', 'X-Client-Application-Id, client-side keys for /client/v1 (env PROMOKIT_CLIENT_ID)')
    .option('--client-token <token>', 'X-Client-Token (env PROMOKIT_CLIENT_TOKEN)')
    .addHelpText('after', `
Examples:
  promokit replay staging.har --against mock --json runs/replay.json    a fresh in-process mock
  promokit replay staging.har --against http://127.0.0.1:4010           a running promokit mock (faults armed via /_mock/faults)
  promokit replay staging.har --against https://staging-2.example.com --app-id "$ID" --app-token "$TOKEN"

Exit codes: 0 no contract difference (timing differences allowed), 1 a contract difference, 2 a file that is
not HAR, a target that cannot be reached, or keys the recording used that the target was not given.`)
    .action(async (har: string, flags: ReplayFlags) => runReplay(har, flags, io))
}

async function runReplay(har: string, flags: ReplayFlags, io: ReplayIo): Promise<void> {
  const mock = flags.against === 'mock'
  if (!mock && !/^https?:\/\/[^/]/.test(flags.against)) throw new CliError(USAGE_ERROR, `--against must be "mock" or an http(s) URL, got "${flags.against}"`)
  if (flags.fixtures && !mock) throw new CliError(USAGE_ERROR, '--fixtures applies to --against mock only')
  let entries
  try {
    entries = readHar(har)
  } catch (error) {
    if (error instanceof HarFileError) throw new CliError(USAGE_ERROR, error.message)
    throw error
  }
  const { validator } = await loadCompiledSpec()
  const server = mock ? await createMockServer({ clock: 'manual', ...(flags.fixtures ? { fixturesDir: resolve(flags.fixtures) } : {}) }) : undefined
  const env = (name: string): string | undefined => envValue(io.env, name)
  const given = {
    appId: flags.appId ?? env('PROMOKIT_APP_ID'), appToken: flags.appToken ?? env('PROMOKIT_APP_TOKEN'), bearerToken: flags.bearerToken ?? env('PROMOKIT_BEARER_TOKEN'),
    managementId: flags.managementId ?? env('PROMOKIT_MANAGEMENT_ID'), managementToken: flags.managementToken ?? env('PROMOKIT_MANAGEMENT_TOKEN'),
    clientId: flags.clientId ?? env('PROMOKIT_CLIENT_ID'), clientToken: flags.clientToken ?? env('PROMOKIT_CLIENT_TOKEN'),
  }
  let report: ReplayReport
  try {
    const target: ReplayTarget = server
      ? { kind: 'mock', baseUrl: server.url, credentials: server.credentials, advance: (ms) => server.advance(ms) }
      : await urlTarget(flags.against, given, entries, (line) => io.stdout.write(`${line}\n`))
    io.stdout.write(`Replaying ${entries.length} exchange(s) of ${har} against ${server ? `a fresh mock (${server.url}, clock following the recording)` : target.baseUrl}\n`)
    report = await replay(entries, target, validator, { har, timeoutMs: flags.timeout, onProgress: progressLine(io) })
  } catch (error) {
    if (error instanceof ReplayTargetUnusable || error instanceof ReplayTargetError) throw new CliError(USAGE_ERROR, error.message)
    throw error
  } finally {
    await server?.close()
  }
  if (flags.json) {
    writeOutput(flags.json, `${JSON.stringify(report, null, 2)}\n`)
    io.stdout.write(`replay report written to ${resolve(flags.json)}\n`)
  }
  printReplay(io.stdout, report)
  if (report.differences.length > 0) throw new CliError(1, `${report.differences.length} contract difference(s)`)
}

/** One line every few seconds while the replay runs: how far, and how many differences so far. */
function progressLine(io: ReplayIo): (p: { done: number; total: number; differences: number; timing: number }) => void {
  const now = io.now ?? (() => performance.now())
  let next = now() + PROGRESS_EVERY_MS
  return ({ done, total, differences, timing }) => {
    if (done === total || now() < next) return
    next = now() + PROGRESS_EVERY_MS
    io.stdout.write(`… ${done}/${total} exchange(s) replayed, ${differences} contract difference(s) and ${timing} timing so far\n`)
  }
}
