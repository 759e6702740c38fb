import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Command, InvalidArgumentError } from 'commander'
import { CliError, USAGE_ERROR } from '../src/cli/cli-error.js'
import { envValue, integerOption } from '../src/cli/options.js'
import { applyBaseline, isoDay, parseBaseline, recordBaseline, type Baseline } from './baseline.js'
import type { Credentials } from './http-client.js'
import { withBatchedStdout } from './reporters/batched-output.js'
import { checkLine, printPlan, printReport } from './reporters/console.js'
import { renderHtml } from './reporters/html.js'
import { renderJson } from './reporters/json.js'
import { renderJunit } from './reporters/junit.js'
import { TargetUnusable } from './preflight.js'
import { createWait, DEFAULTS, newRunId, planChecks, runSuite } from './runner.js'
import { loadSuite } from './suite.js'
import { onStopSignals, parseDuration, throttled, throwUnlessGreen } from './run-safety.js'
import { checkRunPrefix, removeLeftovers } from './cleanup-command.js'
import { HttpClient } from './http-client.js'
import { stillRunning } from './still-running.js'
import { fail, toRegExp, writeOutput } from './command-support.js'
import { precompiledFor } from '../src/spec/precompiled.js'
import { startMockBeside } from './mock-beside.js'
import { prepareTarget, startReaching } from './prepare-target.js'
import { ProfileError, withProfile } from './profiles.js'
import { clusterUrl } from './target.js'
import type { KnownIds, RunReport } from './types.js'

const REPORTERS = { junit: { render: renderJunit, file: 'promokit-contract.junit.xml' }, json: { render: renderJson, file: 'promokit-contract.json' }, html: { render: renderHtml, file: 'promokit-contract.html' } }
type ReporterKind = keyof typeof REPORTERS

export interface CommandIo {
  stdout: { write(text: string): unknown }
  env: NodeJS.ProcessEnv
}

/** The parsed flags: credentials and pre-existing ids by the same names as the suite's (the gift campaign is found, never given). */
interface ContractFlags extends Credentials, Omit<KnownIds, 'giftCampaignId' | 'loyaltyCardCode'> {
  loyaltyCard?: string
  baseUrl?: string
  cluster?: string
  domain?: string
  readOnly?: boolean
  grep?: string
  timeout: number
  pollTimeout: number
  maxRequests: number
  budget?: number
  minChecks?: number
  deadline?: number
  cleanup?: boolean
  runPrefix?: string
  concurrency: number
  rateLimitWait: number
  latency?: number
  baseline?: string
  recordBaseline?: string
  baselineOwner: string
  baselineReason: string
  baselineExpires?: string
  reporter: ReporterKind[]
  outputFile: string[]
  list?: boolean
  generate?: number
  seed?: number
  clientId?: string
  clientToken?: string
  record?: string
  rerunFailed?: string
  profile?: string
  config?: string
}

const collect = (value: string, previous: string[]): string[] => [...previous, value]

function collectReporter(value: string, previous: ReporterKind[]): ReporterKind[] {
  if (!(value in REPORTERS)) throw new InvalidArgumentError(`expected one of ${Object.keys(REPORTERS).join(', ')}, got "${value}"`)
  return [...previous, value as ReporterKind]
}

/** `promokit contract`: the conformance suite against a deployment, or against the in-process mock by default. */
export function contractCommand(io: CommandIo = { stdout: process.stdout, env: process.env }): Command {
  return new Command('contract')
    .description('run the conformance suite against a deployment (--base-url) or, by default, the in-process mock')
    .option('--base-url <url>', 'the deployment to test, e.g. https://staging.example.com (default: start the mock in-process)')
    .option('--cluster <value>', "build the URL from the spec's servers: api, us1.api, as1.api, ... (https://{cluster}.{domain})")
    .option('--domain <domain>', 'the domain for --cluster (default from the spec)')
    .option('--app-id <id>', 'X-App-Id (env PROMOKIT_APP_ID)')
    .option('--app-token <token>', 'X-App-Token (env PROMOKIT_APP_TOKEN)')
    .option('--bearer-token <token>', 'an OAuth access token to check as well (env PROMOKIT_BEARER_TOKEN)')
    .option('--management-id <id>', 'X-Management-Id (env PROMOKIT_MANAGEMENT_ID)')
    .option('--management-token <token>', 'X-Management-Token (env PROMOKIT_MANAGEMENT_TOKEN)')
    .option('--project-id <id>', 'project of the app keys, for management checks (env PROMOKIT_PROJECT_ID)')
    .option('--reward-id <id>', 'an existing reward (rew_...) with --assignment-id')
    .option('--assignment-id <id>', 'an assignment (rewa_...) of --reward-id; its points are changed and restored')
    .option('--referral-campaign-id <id>', 'a referral campaign (default: discovered by listing)')
    .option('--referral-member-id <code>', 'a referral code of that campaign with holders (default: discovered)')
    .option('--loyalty-card <code>', 'a TEST loyalty card whose points may be spent (with --loyalty-reward-id): the points check redeems a reward on it')
    .option('--loyalty-reward-id <id>', 'a reward assigned to that card\'s campaign')
    .option('--template-id <id>', 'a campaign template (camp_tpl_...) to copy')
    .option('--metadata-schema-id <id>', 'a metadata schema (ms_...) to read')
    .option('--read-only', 'run only checks that change nothing and create nothing (production smoke test)')
    .option('--grep <pattern>', 'run only checks whose id or title matches this regular expression')
    .option('--timeout <ms>', 'per-request timeout', integerOption(1), DEFAULTS.timeoutMs)
    .option('--poll-timeout <ms>', 'how long to wait for async jobs (generation, exports)', integerOption(1), DEFAULTS.pollTimeoutMs)
    .option('--max-requests <n>', 'hard limit on the requests of the whole run, cleanup included', integerOption(1), DEFAULTS.maxRequests)
    .option('--budget <n>', 'run the most valuable checks that fit in n requests (every operation from about 100)', integerOption(1))
    .option('--min-checks <n>', 'fail the run (exit 2) when fewer checks ran (a run in which none ran always exits 2)', integerOption(1))
    .option('--deadline <duration>', 'the whole run\'s time limit (90s, 15m, 1h): no check starts after it, the cleanup stops waiting there and reports what is left', parseDuration)
    .option('--cleanup', 'delete what earlier runs left on the target (campaigns named --run-prefix …), then exit; runs no check')
    .option('--run-prefix <prefix>', 'with --cleanup: the prefix a run printed (pk-<run id>-), or pk- for every run\'s leftovers')
    .option('--concurrency <n>', 'checks run side by side when they share nothing; above 1, the fixtures checks make for themselves are created together as the run starts (not when --max-requests is below the plan or the target rate-limits)', integerOption(1, 64), DEFAULTS.concurrency)
    .option('--rate-limit-wait <ms>', 'longest wait for the target\'s rate limit; beyond it a check is reported as not run', integerOption(0), DEFAULTS.rateLimitWaitMs)
    .option('--latency <ms>', 'with the in-process mock only: latency it adds to every answer', integerOption(0, 600_000))
    .option('--baseline <file>', 'known failures (with reason, owner, expiry): the run fails only on new ones and expired entries')
    .option('--record-baseline <file>', 'write this run\'s failures as a baseline file (edit each reason/owner/expiry, commit it)')
    .option('--baseline-owner <name>', 'owner written by --record-baseline', 'unassigned')
    .option('--baseline-reason <text>', 'reason written by --record-baseline', 'known deviation, recorded by promokit contract --record-baseline')
    .option('--baseline-expires <YYYY-MM-DD>', 'expiry written by --record-baseline (default: in 30 days)')
    .option('--reporter <kind>', 'also write a report: junit, json or html (repeatable)', collectReporter, [])
    .option('--output-file <path>', 'file for the reporter at the same position (repeatable; default promokit-contract.<ext>)', collect, [])
    .option('--generate <n>', 'instead of the fixed checks, about n property-based requests generated from the spec (fast-check; see --seed)', integerOption(1))
    .option('--seed <n>', 'the seed of --generate (printed with every failure, to replay it)', integerOption(0))
    .option('--client-id <id>', 'X-Client-Application-Id, client-side keys for /client/v1 (env PROMOKIT_CLIENT_ID)')
    .option('--client-token <token>', 'X-Client-Token (env PROMOKIT_CLIENT_TOKEN)')
    .option('--list', 'print the planned checks and the requests they will send, then exit (sends nothing)')
    .option('--record <file>', 'write every exchange of the run to a HAR 1.2 file (secrets redacted), for promokit replay')
    .option('--rerun-failed <report.json>', 'run only the checks that failed in this JSON report (--reporter json)')
    .option('--profile <name>', 'take the target, credential variables, ids, budget and baseline from this profile of promokit.config.json/.yaml (flags still win)')
    .option('--config <file>', 'the config file of --profile (default: promokit.config.json, .yaml or .yml here)')
    .action(async (flags: ContractFlags, command: Command) => withBatchedStdout(io, async (batched) => runContractCommand(await profiled(flags, command, io.env), batched)))
}

/** The flags with the chosen profile under them (a usage error, exit 2, for a missing or wrong config). */
async function profiled(flags: ContractFlags, command: Command, env: NodeJS.ProcessEnv): Promise<ContractFlags> {
  try {
    return await withProfile(flags, (key) => command.getOptionValueSource(key) === 'cli', env)
  } catch (error) {
    if (error instanceof ProfileError) throw new CliError(USAGE_ERROR, error.message)
    throw error
  }
}

/** Long enough for the start-up probes' requests to be sent (a connection to open), short against any answer. */
const PROBES_ON_THE_WIRE_MS = 5

async function runContractCommand(flags: ContractFlags, io: CommandIo): Promise<void> {
  if (flags.outputFile.length > flags.reporter.length) throw new CliError(USAGE_ERROR, '--output-file needs a --reporter before it (they pair up in order)')
  if (flags.baseUrl && flags.cluster) throw new CliError(USAGE_ERROR, 'use either --base-url or --cluster, not both')
  const grep = flags.grep === undefined ? undefined : toRegExp(flags.grep)
  const reached = flags.list ? undefined : startReaching(flags.baseUrl)
  // The mock (no target given) starts on its own thread while this one loads the suite.
  const mock = flags.list || flags.baseUrl || flags.cluster ? undefined : startMockBeside(flags.latency ?? 0)
  mock?.catch(() => undefined)
  const suite = await loadSuite()
  // The answers' validators load while the mock starts on its thread (else the first checks wait for them);
  // against a deployment, once the start-up probes are on the wire (its answers are waited for meanwhile).
  // The requests' validators (the invalid-request checks try theirs) follow, a turn of the event loop later.
  const loadValidators = (): void => {
    precompiledFor(suite.doc)?.validators('response')
    setImmediate(() => precompiledFor(suite.doc)?.validators('request'))
  }
  if (mock) loadValidators()
  else if (!flags.list) setTimeout(loadValidators, PROBES_ON_THE_WIRE_MS)
  const seed = flags.seed ?? Date.now() % 1_000_000
  const plan = { readOnly: flags.readOnly, grep, budget: flags.budget }
  // --generate replaces the fixed checks (scaled to fit --budget); the baseline is checked against the whole set, --rerun-failed narrows what runs.
  // loaded for --generate only: its stateful sequences build fast-check arbitraries as the module loads
  const generated = flags.generate === undefined ? undefined : (await import('./generate/index.js')).generatedWithin(suite.validator, { count: flags.generate, seed }, flags.budget, (c) => planChecks(c, { ...plan, budget: undefined }))
  const all = generated?.checks ?? suite.checks
  const checks = flags.rerunFailed ? (await import('./rerun-failed.js')).onlyFailed(all, flags.rerunFailed) : all
  if (flags.latency !== undefined && (flags.baseUrl || flags.cluster)) throw new CliError(USAGE_ERROR, '--latency applies to the in-process mock only (drop --base-url/--cluster)')
  const baseline = flags.baseline === undefined ? undefined : readBaseline(flags.baseline, new Set(all.map((c) => c.id)))
  if (flags.baselineExpires !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(flags.baselineExpires)) throw new CliError(USAGE_ERROR, `--baseline-expires must be a date YYYY-MM-DD, got "${flags.baselineExpires}"`)
  const runPrefix = flags.cleanup ? checkRunPrefix(flags.runPrefix) : undefined
  if (flags.list) return printPlan(io.stdout, planChecks(checks, plan), { budget: flags.budget, maxRequests: flags.maxRequests })

  let baseUrl = flags.baseUrl
  if (flags.cluster) {
    try {
      baseUrl = clusterUrl(suite.doc, flags.cluster, flags.domain)
    } catch (error) {
      throw new CliError(USAGE_ERROR, (error as Error).message)
    }
  }
  if (baseUrl && !/^https?:\/\/[^/]/.test(baseUrl)) throw new CliError(USAGE_ERROR, `--base-url must be an http(s) URL, got "${baseUrl}"`)
  const env = (name: string): string | undefined => envValue(io.env, name)
  let credentials: Credentials = {
    appId: flags.appId ?? env('PROMOKIT_APP_ID'),
    appToken: flags.appToken ?? env('PROMOKIT_APP_TOKEN'),
    bearerToken: flags.bearerToken ?? env('PROMOKIT_BEARER_TOKEN'),
    managementId: flags.managementId ?? env('PROMOKIT_MANAGEMENT_ID'),
    managementToken: flags.managementToken ?? env('PROMOKIT_MANAGEMENT_TOKEN'),
    clientId: flags.clientId ?? env('PROMOKIT_CLIENT_ID'),
    clientToken: flags.clientToken ?? env('PROMOKIT_CLIENT_TOKEN'),
  }
  const ids: KnownIds = {
    projectId: flags.projectId ?? env('PROMOKIT_PROJECT_ID'),
    rewardId: flags.rewardId, assignmentId: flags.assignmentId, referralCampaignId: flags.referralCampaignId,
    referralMemberId: flags.referralMemberId, templateId: flags.templateId, metadataSchemaId: flags.metadataSchemaId,
    loyaltyCardCode: flags.loyaltyCard, loyaltyRewardId: flags.loyaltyRewardId,
  }

  const target = await prepareTarget({ baseUrl, credentials, ids, latencyMs: flags.latency, reached: baseUrl === flags.baseUrl ? reached : undefined, mock }, io)
  const { isMock } = target
  baseUrl = target.baseUrl
  credentials = target.credentials
  const deadlineAt = flags.deadline === undefined ? undefined : Date.now() + flags.deadline
  if (runPrefix !== undefined) {
    const client = new HttpClient({ baseUrl, credentials, timeoutMs: flags.timeout, budget: Infinity })
    const wait = createWait(() => client, isMock)
    const run = { baseUrl, credentials, isMock, prefix: runPrefix, timeoutMs: flags.timeout, pollTimeoutMs: flags.pollTimeout, maxRequests: flags.maxRequests, sentBefore: target.sentBefore, deadlineAt, wait }
    return removeLeftovers(run, io.stdout).finally(() => Promise.all([client.close(), target.close()]))
  }
  // Reports are written as the run goes (at most every 5 s, and when the checks are done), so a run that is
  // killed or stuck in its cleanup still leaves one; the final write replaces them.
  const writeReports = (report: RunReport, quiet: boolean): void => flags.reporter.forEach((kind, i) => {
    const file = resolve(flags.outputFile[i] ?? REPORTERS[kind].file)
    writeOutput(file, REPORTERS[kind].render(report))
    if (!quiet) io.stdout.write(`${kind} report written to ${file}\n`)
  })
  const writeSoFar = throttled((report: RunReport) => writeReports(report, true), 5_000)

  const abort = new AbortController()
  const stopSignals = onStopSignals((signal) => {
    io.stdout.write(`\nInterrupted (${signal}): finishing the current check, then cleaning up and writing the report (${signal} again to force)\n`)
    abort.abort(signal)
  })
  let report: RunReport
  const recording = flags.record ? (await import('../evidence/record/suite-recorder.js')).recordingTransport(flags.record) : undefined
  try {
    if (generated) io.stdout.write(`Generating about ${generated.count} requests from the spec${generated.count < flags.generate! ? ` (--generate ${flags.generate} scaled to fit --budget ${flags.budget})` : ''}, seed ${seed}\n`)
    io.stdout.write(`Running the contract suite against ${baseUrl}${isMock ? ' (promokit mock: async waits advance its clock)' : ''}${flags.readOnly ? ' — read-only' : ''}\n`)
    const runId = newRunId()
    const progress = stillRunning((line) => io.stdout.write(`${line}\n`))
    report = await runSuite({
      baseUrl, credentials, isMock, ids, validator: suite.validator, checks, readOnly: flags.readOnly, grep, runId,
      budget: flags.budget, concurrency: flags.concurrency, rateLimitWaitMs: flags.rateLimitWait,
      onCheckStart: (check, index, total) => {
        if (index === 0) io.stdout.write(`${total} checks; resources created are named pk-${runId}-… and deleted at the end\n`)
        progress.started(check.id)
      },
      timeoutMs: flags.timeout, pollTimeoutMs: flags.pollTimeout, maxRequests: flags.maxRequests, sentBefore: target.sentBefore, signal: abort.signal, deadlineAt,
      onProgress: (line) => io.stdout.write(`${line}\n`),
      onPartialReport: flags.reporter.length ? (soFar) => writeSoFar(soFar, soFar.inProgress === 'cleanup') : undefined,
      onCheckEnd: (result, index, total) => {
        progress.ended(result.id)
        io.stdout.write(checkLine(result, index, total))
      },
      transport: recording?.transport,
    }).catch((error: unknown) => (error instanceof TargetUnusable ? fail(error.message) : Promise.reject(error))).finally(() => progress.stop())
  } finally {
    stopSignals()
    await target.close()
    recording?.writer.close()
  }
  if (recording) io.stdout.write(`${recording.writer.entries} exchange(s) recorded to ${resolve(recording.writer.path)}\n`)
  if (flags.recordBaseline) {
    const expires = flags.baselineExpires ?? isoDay(Date.now() + 30 * 86_400_000)
    const recorded = recordBaseline(report, { reason: flags.baselineReason, owner: flags.baselineOwner, expires })
    writeOutput(flags.recordBaseline, `${JSON.stringify(recorded, null, 2)}\n`)
    io.stdout.write(`baseline of ${recorded.entries.length} failure(s) written to ${resolve(flags.recordBaseline)} (owner ${flags.baselineOwner}, expires ${expires})\n`)
  }
  if (baseline) report = applyBaseline(report, baseline, flags.baseline!, isoDay(Date.now()))
  writeReports(report, false)
  printReport(io.stdout, report)
  throwUnlessGreen(report, { minChecks: flags.minChecks })
}

function readBaseline(file: string, checks: ReadonlySet<string>): Baseline {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new CliError(USAGE_ERROR, `--baseline ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file (create one with --record-baseline)' : (error as Error).message}`)
  }
  try {
    return parseBaseline(text, file, checks)
  } catch (error) {
    throw new CliError(USAGE_ERROR, (error as Error).message)
  }
}
