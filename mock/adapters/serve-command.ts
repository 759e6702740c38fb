import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Command, Option } from 'commander'
import type { LevelWithSilent } from 'pino'
import { CliError, USAGE_ERROR } from '../../src/cli/cli-error.js'
import { envValue, existingFolder, fileInExistingFolder, integerOption, numberOption } from '../../src/cli/options.js'
import { CONFIG_RANGES } from '../engine/config-ranges.js'
import { createMockListener } from './node-listener.js'
import { CONTROL_HELP, controlBanner, exposureWarning } from '../control/control-banner.js'
import { ensureControlToken } from '../control/control-guard.js'
import { DEFAULT_CREDENTIALS, type MockConfigInput } from '../engine/config.js'
import { createMockDeps, type MockDeps } from './node-deps.js'
import { createLogger } from './logging.js'
import { prettyDestination, resolveLogFormat, type LogFormat } from './log-format.js'
import { listen } from './node-server.js'
import { journalSources, openPersistence, type Persistence } from '../engine/persistence/persistence.js'
import { FSYNC_POLICIES, type FsyncPolicy } from '../engine/persistence/journal-file.js'
import { drainServer } from './http-drain.js'
import { describeFixtures, formatFixtureSummary } from '../../fixtures/describe.js'
import { CLIENT_SIDE_PLAN, parseRateLimit, RATE_LIMIT_FORMS, type RateLimitSetting } from '../engine/rate-limit/plans.js'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
const LOG_FORMATS = ['auto', 'pretty', 'json']

export interface ServeIo {
  stdout: NodeJS.WritableStream
  env: NodeJS.ProcessEnv
  /** Resolves when the server should stop (SIGINT/SIGTERM by default). */
  stopSignal?: Promise<unknown>
}

/** `promokit mock`: serves the mock until SIGINT/SIGTERM. */
export function mockCommand(io: ServeIo = { stdout: process.stdout, env: process.env }): Command {
  const env = io.env
  const [a, b] = DEFAULT_CREDENTIALS.projects
  /** Option key → the env variable that gave its default (named in errors instead of the flag). */
  const envOf = new Map<string, string>()
  return new Command('mock')
    .description('Start the stateful mock server of the campaign-management API (Ctrl-C stops it)')
    .addOption(opt('-p, --port <port>', 'port to listen on; 0 picks a free one', 4010, ['PROMOKIT_PORT', 'PORT']))
    .addOption(opt('--host <host>', 'interface to bind; anything but loopback (127.0.0.1, ::1, localhost) is reachable from other machines: the banner warns and the control API then needs a token', '127.0.0.1', ['PROMOKIT_HOST']))
    .addOption(opt('--fixtures <dir>', 'directory of fixture files to load instead of the bundled ones', undefined, ['PROMOKIT_FIXTURES']))
    .addOption(opt('--seed <n>', 'seed of the generated data (same seed, same data)', 42, ['PROMOKIT_SEED']))
    .addOption(opt('--seed-campaigns <n>', 'generate n realistic campaigns at start', 0, ['PROMOKIT_SEED_CAMPAIGNS']))
    .addOption(opt('--generation-rate <n>', 'voucher codes generated per second, from 0.001', 1000, ['PROMOKIT_GENERATION_RATE']))
    .addOption(opt('--latency <ms>', 'latency added to every response, in ms', 0, ['PROMOKIT_LATENCY']))
    .addOption(opt('--max-vouchers-count <n>', 'largest vouchers_count a campaign may ask for (above it: 400)', 1_000_000, ['PROMOKIT_MAX_VOUCHERS_COUNT']))
    .addOption(opt('--max-redeemables <n>', 'redeemables per validation/redemption call: 5 (the API description) up to 30 (the real service)', 5, ['PROMOKIT_MAX_REDEEMABLES']))
    .addOption(opt('--max-objects <n>', 'campaigns, categories, exports, redemptions per project (and tokens) clients may create (past it: 400 limit_exceeded)', 1_000_000, ['PROMOKIT_MAX_OBJECTS']))
    .addOption(opt('--max-sandboxes <n>', 'sandboxes (POST /_mock/sandboxes) that may exist at once, 0-5000 (past it: 409 limit_exceeded)', 100, ['PROMOKIT_MAX_SANDBOXES']))
    .addOption(opt('--rate-limit <plan>', `rate limits per key, off by default: ${RATE_LIMIT_FORMS}; X-Rate-Limit-* headers on every answer, 429 beyond (/client/v1: 5 per 5 s per address)`, undefined, ['PROMOKIT_RATE_LIMIT']))
    .addOption(opt('--state-file <path>', 'keep the whole state in this file across restarts: a change is in its journal (<path>.journal.<n>) before it is answered (docs/reliability.md)', undefined, ['PROMOKIT_STATE_FILE']))
    .addOption(opt('--fsync <policy>', `with --state-file: everysec (the journal reaches the disk within a second; power loss loses at most that second) or always (before every answer)`, 'everysec', ['PROMOKIT_FSYNC']))
    .addOption(opt('--log-level <level>', `request log level: ${LOG_LEVELS.join(', ')}`, 'info', ['PROMOKIT_LOG_LEVEL']))
    .addOption(opt('--log <format>', 'log format: pretty (one readable line per request), json (one JSON object per line), auto: pretty on a terminal, json otherwise', 'auto', ['PROMOKIT_LOG']))
    .addOption(opt('--app-id <id>', 'X-App-Id of the default project', a.appId, ['PROMOKIT_APP_ID']))
    .addOption(opt('--app-token <token>', 'X-App-Token of the default project', a.appToken, ['PROMOKIT_APP_TOKEN']))
    .addOption(opt('--app-id-b <id>', 'X-App-Id of the second project', b.appId, ['PROMOKIT_APP_ID_B']))
    .addOption(opt('--app-token-b <token>', 'X-App-Token of the second project', b.appToken, ['PROMOKIT_APP_TOKEN_B']))
    .addOption(opt('--management-id <id>', 'X-Management-Id', DEFAULT_CREDENTIALS.management.id, ['PROMOKIT_MANAGEMENT_ID']))
    .addOption(opt('--management-token <token>', 'X-Management-Token', DEFAULT_CREDENTIALS.management.token, ['PROMOKIT_MANAGEMENT_TOKEN']))
    .addOption(
      new Option('--client-origin <origin>', "an origin the default project's client-side key may be used from; repeat it for several (default: any)")
        .argParser((value: string, previous: string[] = []) => [...previous, clientOrigin(value)]),
    )
    .addOption(
      new Option('--cors-origin <origin>', 'an origin browsers may call the API (/v1) from, credentials included; repeat it for several (default: any origin, echoed) (env PROMOKIT_CORS_ORIGINS, comma-separated)')
        .argParser((value: string, previous: string[] = []) => [...previous, corsOrigin(value)])
        .default(listEnv(env, 'PROMOKIT_CORS_ORIGINS', corsOrigin)),
    )
    .addOption(
      new Option('--control-origin <origin>', "an origin whose pages may read and drive the control API (/_mock) and console; repeat it for several (default: none, the mock's own pages only) (env PROMOKIT_CONTROL_ORIGINS, comma-separated)")
        .argParser((value: string, previous: string[] = []) => [...previous, controlOrigin(value)])
        .default(listEnv(env, 'PROMOKIT_CONTROL_ORIGINS', controlOrigin)),
    )
    .addOption(
      new Option('--allowed-host <name>', 'a host name the control API and console answer besides loopback names, IP addresses and --host (DNS rebinding protection); .example.com allows its subdomains too; repeat it for several (env PROMOKIT_ALLOWED_HOSTS, comma-separated)')
        .argParser((value: string, previous: string[] = []) => [...previous, hostOption(value)])
        .default(listEnv(env, 'PROMOKIT_ALLOWED_HOSTS', hostOption)),
    )
    .addOption(opt('--control-token <token>', 'token every control API call must send (X-Promokit-Control-Token); default: none on loopback, a random one (printed) when --host is anything else', undefined, ['PROMOKIT_CONTROL_TOKEN']))
    .addHelpText('after', CONTROL_HELP)
    .action(async (flags: RawFlags, command: Command) => {
      // Every value is checked before anything starts; a wrong one names the flag, or the env variable it came from.
      const name: Namer = (key, flag) => {
        const variable = command.getOptionValueSource(key) === 'default' ? envOf.get(key) : undefined
        return variable ? `${variable} (${flag})` : flag
      }
      const stateFile = flags.stateFile === undefined ? undefined : parse(flags.stateFile, fileInExistingFolder, name('stateFile', '--state-file'))
      const fsync = flags.fsync ?? 'everysec'
      if (!FSYNC_POLICIES.includes(fsync as FsyncPolicy)) throw new CliError(USAGE_ERROR, `${name('fsync', '--fsync')}: expected one of ${FSYNC_POLICIES.join(', ')}, got "${fsync}"`)
      const config = toConfig(flags, name)
      await serve(config, { ...io, logFormat: logFormatOf(flags, name) }, stateFile === undefined ? undefined : { path: stateFile, fsync: fsync as FsyncPolicy })
    })

  /** A flag whose default comes from the first set env variable, else the built-in value (both shown in --help). */
  function opt(flags: string, description: string, fallback: string | number | undefined, envNames: string[]): Option {
    const fromEnv = envValue(env, ...envNames)
    const option = new Option(flags, `${description} (env ${envNames.join(', ')})`)
    if (fromEnv !== undefined) envOf.set(option.attributeName(), envNames.find((n) => env[n] === fromEnv) ?? envNames[0])
    const value = fromEnv ?? fallback
    return value === undefined ? option : option.default(String(value))
  }
}

/** The label of a value in an error: the flag, or the env variable its value came from. */
type Namer = (key: string, flag: string) => string

function logFormatOf(flags: RawFlags, name: Namer): LogFormat | 'auto' {
  const format = flags.log ?? 'auto'
  if (!LOG_FORMATS.includes(format)) throw new CliError(USAGE_ERROR, `${name('log', '--log')}: expected one of ${LOG_FORMATS.join(', ')}, got "${format}"`)
  return format as LogFormat | 'auto'
}

type RawFlags = Record<string, string | undefined> & { corsOrigin?: string[]; clientOrigin?: string[]; controlOrigin?: string[]; allowedHost?: string[] }

/** A comma-separated list from an env variable, each item checked as its flag's are. */
function listEnv(env: NodeJS.ProcessEnv, name: string, parse: (value: string) => string): string[] | undefined {
  return envValue(env, name)?.split(',').map((o) => o.trim()).filter(Boolean).map(parse)
}

/** A host name for --allowed-host: letters, digits, dots and dashes (a leading dot takes subdomains too). */
function hostOption(value: string): string {
  if (!/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(value)) {
    throw new CliError(USAGE_ERROR, `--allowed-host: expected a host name such as mock.test or .example.com, got "${value}"`)
  }
  return value.toLowerCase()
}

/** An origin as browsers send it: scheme, host and port, no path (`http://localhost:5173`). */
function origin(flag: string): (value: string) => string {
  return (value) => {
    const parsed = URL.canParse(value) ? new URL(value) : undefined
    if (!parsed || parsed.origin === 'null' || parsed.origin !== value.replace(/\/$/, '')) {
      throw new CliError(USAGE_ERROR, `${flag}: expected an origin such as http://localhost:5173, got "${value}"`)
    }
    return parsed.origin
  }
}
const corsOrigin = origin('--cors-origin')
const clientOrigin = origin('--client-origin')
const controlOrigin = origin('--control-origin')

/** A checked `--rate-limit` value, as the config takes it. */
function rateLimitOption(value: string): RateLimitSetting {
  parseRateLimit(value)
  return value.trim().toLowerCase().replace(/\s+/g, '') as RateLimitSetting
}

/** Flags and env values go through the same parsers, so a bad PROMOKIT_PORT is a usage error like a bad --port. */
/** A flag's parser, held to its setting's range (the same for code's options: engine/config-ranges.ts). */
function range(setting: keyof typeof CONFIG_RANGES): (value: string) => number {
  const { min, max, integer } = CONFIG_RANGES[setting]
  return integer ? integerOption(min, max) : numberOption(min, { max })
}

function parse<T>(raw: string | undefined, parser: (v: string) => T, flag: string): T {
  try {
    return parser(raw ?? '')
  } catch (error) {
    throw new CliError(USAGE_ERROR, `${flag}: ${(error as Error).message}`)
  }
}

function toConfig(flags: RawFlags, name: Namer): MockConfigInput {
  const [a, b] = DEFAULT_CREDENTIALS.projects
  const logLevel = flags.logLevel ?? 'info'
  if (!LOG_LEVELS.includes(logLevel)) throw new CliError(USAGE_ERROR, `${name('logLevel', '--log-level')}: expected one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`)
  for (const key of ['host', 'appId', 'appToken', 'appIdB', 'appTokenB', 'managementId', 'managementToken']) {
    if (!flags[key]) throw new CliError(USAGE_ERROR, `${name(key, `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`)} must not be empty`)
  }
  if (flags.controlToken === '') throw new CliError(USAGE_ERROR, `${name('controlToken', '--control-token')} must not be empty`)
  if (flags.appId === flags.appIdB) throw new CliError(USAGE_ERROR, '--app-id and --app-id-b must differ (each project has its own keys)')
  return {
    host: flags.host,
    port: parse(flags.port, range('port'), name('port', '--port')),
    fixturesDir: flags.fixtures === undefined ? undefined : parse(flags.fixtures, existingFolder, name('fixtures', '--fixtures')),
    seed: parse(flags.seed, range('seed'), name('seed', '--seed')),
    seedCampaigns: parse(flags.seedCampaigns, range('seedCampaigns'), name('seedCampaigns', '--seed-campaigns')),
    generationRate: parse(flags.generationRate, range('generationRate'), name('generationRate', '--generation-rate')),
    latencyMs: parse(flags.latency, range('latencyMs'), name('latency', '--latency')),
    maxVouchersCount: parse(flags.maxVouchersCount, range('maxVouchersCount'), name('maxVouchersCount', '--max-vouchers-count')),
    maxObjects: parse(flags.maxObjects, range('maxObjects'), name('maxObjects', '--max-objects')),
    maxSandboxes: parse(flags.maxSandboxes, range('maxSandboxes'), name('maxSandboxes', '--max-sandboxes')),
    maxRedeemables: parse(flags.maxRedeemables, range('maxRedeemables'), name('maxRedeemables', '--max-redeemables')),
    rateLimit: flags.rateLimit === undefined ? undefined : parse(flags.rateLimit, rateLimitOption, name('rateLimit', '--rate-limit')),
    logLevel: logLevel as LevelWithSilent,
    clock: 'system',
    corsOrigins: flags.corsOrigin ?? [],
    controlOrigins: flags.controlOrigin ?? [],
    allowedHosts: flags.allowedHost ?? [],
    controlToken: flags.controlToken,
    credentials: {
      projects: [
        { ...a, appId: flags.appId as string, appToken: flags.appToken as string, ...(flags.clientOrigin ? { clientOrigins: flags.clientOrigin } : {}) },
        { ...b, appId: flags.appIdB as string, appToken: flags.appTokenB as string },
      ],
      management: { id: flags.managementId as string, token: flags.managementToken as string },
    },
  }
}

async function serve(config: MockConfigInput, io: ServeIo & { logFormat: LogFormat | 'auto' }, stateFile?: { path: string; fsync: FsyncPolicy }): Promise<void> {
  const pretty = resolveLogFormat(io.logFormat, io.stdout as { isTTY?: boolean }) === 'pretty'
  // JSON to the process's stdout goes through pino's own fast writer; anything else through the given stream.
  const logger = createLogger(config.logLevel ?? 'info', pretty ? prettyDestination(io.stdout) : io.stdout === process.stdout ? undefined : io.stdout)
  const deps = await createMockDeps(config, { logger, ...(stateFile ? journalSources() : {}) }).catch((error: Error) => {
    throw new CliError(1, `cannot start the mock: ${error.message}`)
  })
  // A state file that cannot be used stops the start (exit 2); it is never replaced.
  const persistence = stateFile
    ? await openPersistence(stateFile.path, deps, { logger, fsync: stateFile.fsync }).catch((error: Error) => {
        throw new CliError(2, error.message)
      })
    : undefined
  ensureControlToken(deps.config)
  const server = await listen(createMockListener(deps), deps.config.host, deps.config.port).catch((error: Error) => {
    throw new CliError(1, `cannot listen on ${deps.config.host}:${deps.config.port}: ${error.message}`)
  })
  const stateLine = persistence ? `State file: ${persistence.path} (${stateSummary(persistence)}; fsync ${stateFile?.fsync})\n` : ''
  io.stdout.write(`${banner(deps, server)}${stateLine}`)
  await (io.stopSignal ?? untilSignal())
  logger.info('shutting down: finishing in-flight requests')
  await drainServer(server)
  await persistence?.close().catch((error: Error) => {
    throw new CliError(1, `cannot save the state to ${persistence.path}: ${error.message}`)
  })
}

function stateSummary(persistence: Persistence): string {
  if (!persistence.loaded) return 'new'
  const { replayed, tornBytes } = persistence.recovery
  return `state restored${replayed > 0 ? `, ${replayed} journal records replayed` : ''}${tornBytes > 0 ? `, a torn last record of ${tornBytes} bytes dropped` : ''}`
}

function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve(signal)
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}

/** What a developer needs to start: where, with which keys, and which seeded ids to try. */
function banner(deps: Pick<MockDeps, 'config' | 'rateLimits' | 'fixtures' | 'projects'>, server: Server): string {
  const { port } = server.address() as AddressInfo
  const url = `http://${deps.config.host.includes(':') ? `[${deps.config.host}]` : deps.config.host}:${port}`
  const [a] = deps.config.credentials.projects
  const lines = [
    `promokit mock listening on ${url}`,
    ...exposureWarning(deps.config.host),
    '',
    'Credentials',
    ...deps.config.credentials.projects.map(
      (p) => `  ${p.projectName} (${p.projectId}): X-App-Id: ${p.appId}  X-App-Token: ${p.appToken}`,
    ),
    `  Management keys (every project): X-Management-Id: ${deps.config.credentials.management.id}  X-Management-Token: ${deps.config.credentials.management.token}`,
    ...deps.config.credentials.projects
      .filter((p) => p.clientId)
      .map((p) => `  Client-side keys, ${p.projectId} (/client/v1, safe in a browser): X-Client-Application-Id: ${p.clientId}  X-Client-Token: ${p.clientToken}${p.clientOrigins?.length ? `  origins: ${p.clientOrigins.join(', ')}` : ''}`),
    '',
    'Try it',
    `  curl -s ${url}/v1/campaigns -H 'X-App-Id: ${a.appId}' -H 'X-App-Token: ${a.appToken}'`,
    `  curl -s -X POST ${url}/v1/oauth/token -H 'X-App-Id: ${a.appId}' -H 'X-App-Token: ${a.appToken}' -d grant_type=client_credentials -d 'scope=api campaigns'`,
    '',
    'Seeded ids',
    ...seededIds(deps).map((line) => `  ${line}`),
    '',
    ...controlBanner(deps.config, url),
    `Spec: ${url}/openapi.json`,
    `CORS: ${deps.config.corsOrigins.length > 0 ? deps.config.corsOrigins.join(', ') : 'any origin'} (credentials allowed)`,
    deps.rateLimits
      ? `Rate limits: ${deps.rateLimits.plan.label} per key; /client/v1 ${CLIENT_SIDE_PLAN.label} (X-Rate-Limit-* headers, 429 beyond)`
      : 'Rate limits: off (--rate-limit free|startup|growth|professional|N/h|N/min)',
    '',
  ]
  return `${lines.join('\n')}\n`
}

function seededIds(deps: Pick<MockDeps, 'config' | 'fixtures' | 'projects'>): string[] {
  const lines = formatFixtureSummary(describeFixtures(deps.fixtures()))
  const { seedCampaigns, seed } = deps.config
  if (seedCampaigns > 0) lines.push(`+ ${seedCampaigns} generated campaigns in ${deps.projects.all()[0]?.id} (--seed-campaigns, seed ${seed})`)
  return lines
}
