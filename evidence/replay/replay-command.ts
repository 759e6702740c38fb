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
}

export interface ReplayIo {
  stdout: { write(text: string): unknown }
  env: NodeJS.ProcessEnv
}

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
  const target: ReplayTarget = server
    ? { kind: 'mock', baseUrl: server.url, credentials: server.credentials, advance: (ms) => server.advance(ms) }
    : {
        kind: 'url',
        baseUrl: flags.against,
        credentials: {
          appId: flags.appId ?? env('PROMOKIT_APP_ID'), appToken: flags.appToken ?? env('PROMOKIT_APP_TOKEN'), bearerToken: flags.bearerToken ?? env('PROMOKIT_BEARER_TOKEN'),
          managementId: flags.managementId ?? env('PROMOKIT_MANAGEMENT_ID'), managementToken: flags.managementToken ?? env('PROMOKIT_MANAGEMENT_TOKEN'),
        },
      }
  let report: ReplayReport
  try {
    io.stdout.write(`Replaying ${entries.length} exchange(s) of ${har} against ${mock ? `a fresh mock (${server!.url}, clock following the recording)` : flags.against}\n`)
    report = await replay(entries, target, validator, { har, timeoutMs: flags.timeout })
  } catch (error) {
    if (error instanceof ReplayTargetUnusable) throw new CliError(USAGE_ERROR, error.message)
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
