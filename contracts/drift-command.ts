import { resolve } from 'node:path'
import { Command } from 'commander'
import { CliError, USAGE_ERROR } from '../src/cli/cli-error.js'
import { envValue, integerOption } from '../src/cli/options.js'
import { fail, toRegExp, writeOutput } from './command-support.js'
import type { CommandIo } from './contract-command.js'
import { compareRuns, describeDifference, type DriftReport, type ExchangesByCheck } from './drift.js'
import type { Credentials } from './http-client.js'
import { TargetUnusable } from './preflight.js'
import { prepareTarget, startReaching, type PreparedTarget } from './prepare-target.js'
import { findConfigFile, loadProfile, profileCredentials, ProfileError } from './profiles.js'
import { renderHtml } from './reporters/html.js'
import { renderJson } from './reporters/json.js'
import { DEFAULTS, runSuite } from './runner.js'
import { loadSuite } from './suite.js'
import type { KnownIds, RunReport } from './types.js'

interface DriftFlags {
  baseUrl?: string
  against?: string
  profile?: string
  againstProfile?: string
  config?: string
  latency?: number
  grep?: string
  readOnly?: boolean
  concurrency: number
  timeout: number
  pollTimeout: number
  html?: string
  json?: string
}

/** Credentials of each side: A from --app-id… / PROMOKIT_*, B from --against-app-id… / PROMOKIT_AGAINST_*. */
const SIDES = {
  a: { flag: '', env: 'PROMOKIT_' },
  b: { flag: 'against-', env: 'PROMOKIT_AGAINST_' },
} as const
const FIELDS = [['app-id', 'APP_ID', 'appId'], ['app-token', 'APP_TOKEN', 'appToken'], ['management-id', 'MANAGEMENT_ID', 'managementId'], ['management-token', 'MANAGEMENT_TOKEN', 'managementToken'], ['project-id', 'PROJECT_ID', 'projectId']] as const
/** Each target's own fixture ids (staging's referral campaign is not the mock's): flag, KnownIds key, profile key. */
const ID_FIELDS = [
  ['reward-id', 'rewardId', 'rewardId'], ['assignment-id', 'assignmentId', 'assignmentId'], ['referral-campaign-id', 'referralCampaignId', 'referralCampaignId'],
  ['referral-member-id', 'referralMemberId', 'referralMemberId'], ['template-id', 'templateId', 'templateId'], ['metadata-schema-id', 'metadataSchemaId', 'metadataSchemaId'],
  ['loyalty-card', 'loyaltyCardCode', 'loyaltyCard'], ['loyalty-reward-id', 'loyaltyRewardId', 'loyaltyRewardId'],
] as const

/** `promokit drift`: the suite on two targets (e.g. the mock and staging) and where their answers differ. */
export function driftCommand(io: CommandIo = { stdout: process.stdout, env: process.env }): Command {
  const command = new Command('drift')
    .description('run the conformance suite on two targets and report where their answers differ in what the contract fixes (status, error key, schema, fields, types, headers), not in data')
    .option('--base-url <url>', 'target A (default: promokit\'s mock, started in-process)')
    .option('--against <url>', 'target B, e.g. https://staging.example.com (or --against-profile)')
  for (const side of Object.values(SIDES)) {
    const label = side.flag ? 'B' : 'A'
    for (const [flag, env] of FIELDS) command.option(`--${side.flag}${flag} <value>`, `${label}: ${flag} (env ${side.env}${env})`)
    for (const [flag] of ID_FIELDS) command.option(`--${side.flag}${flag} <id>`, `${label}: ${flag} (that target's own fixture)`)
    command.option(`--${side.flag}profile <name>`, `${label}: URL, credential variables and ids from this profile of promokit.config.json/.yaml`)
  }
  command.option('--config <file>', 'the config file of --profile/--against-profile (default: promokit.config.json, .yaml or .yml here)')
  return command
    .option('--latency <ms>', 'with the in-process mock as A: latency it adds to every answer', integerOption(0, 600_000))
    .option('--grep <pattern>', 'only checks whose id or title matches this regular expression')
    .option('--read-only', 'only checks that change nothing (safe on production)')
    .option('--concurrency <n>', 'checks side by side on each target', integerOption(1, 64), DEFAULTS.concurrency)
    .option('--timeout <ms>', 'per-request timeout', integerOption(1), DEFAULTS.timeoutMs)
    .option('--poll-timeout <ms>', 'how long to wait for async jobs', integerOption(1), DEFAULTS.pollTimeoutMs)
    .option('--html <file>', 'also write the HTML report of A with the drift section')
    .option('--json <file>', 'also write the JSON report of A with `drift`')
    .action(async (flags: DriftFlags & Record<string, string | undefined>) => runDrift(flags, io))
}

async function runDrift(input: DriftFlags & Record<string, string | undefined>, io: CommandIo): Promise<void> {
  const flags = await withProfiles(input, io.env)
  if (flags.against === undefined) throw new CliError(USAGE_ERROR, 'give target B: --against <url> or --against-profile <name>')
  for (const url of [flags.baseUrl, flags.against]) if (url !== undefined && !/^https?:\/\/[^/]/.test(url)) throw new CliError(USAGE_ERROR, `expected an http(s) URL, got "${url}"`)
  if (flags.latency !== undefined && flags.baseUrl) throw new CliError(USAGE_ERROR, '--latency applies to the in-process mock only (drop --base-url)')
  const grep = flags.grep === undefined ? undefined : toRegExp(flags.grep)
  const [reachedA, reachedB] = [startReaching(flags.baseUrl), startReaching(flags.against)]
  const suite = await loadSuite()
  const side = (s: keyof typeof SIDES): { credentials: Credentials; ids: KnownIds } => {
    const value = (flag: string, env: string): string | undefined => flags[camel(`${SIDES[s].flag}${flag}`)] ?? envValue(io.env, `${SIDES[s].env}${env}`)
    const [appId, appToken, managementId, managementToken, projectId] = FIELDS.map(([flag, env]) => value(flag, env))
    const ids: KnownIds = { projectId }
    for (const [flag, key] of ID_FIELDS) ids[key] = flags[camel(`${SIDES[s].flag}${flag}`)]
    return { credentials: { appId, appToken, managementId, managementToken }, ids }
  }
  const a = side('a')
  const b = side('b')
  const targets: PreparedTarget[] = []
  try {
    targets.push(await prepareTarget({ baseUrl: flags.baseUrl, credentials: a.credentials, ids: a.ids, latencyMs: flags.latency, reached: reachedA }, io))
    targets.push(await prepareTarget({ baseUrl: flags.against, credentials: b.credentials, ids: b.ids, reached: reachedB }, io))
    io.stdout.write(`Running the suite on A ${targets[0].baseUrl} and B ${targets[1].baseUrl}\n`)
    const [ra, rb] = await Promise.all(targets.map((t) => runRecorded(t, suite, flags, grep)))
    const drift = compareRuns(ra.report, ra.exchanges, rb.report, rb.exchanges, suite.validator)
    const report: RunReport = { ...ra.report, drift }
    if (flags.html) writeOutput(flags.html, renderHtml(report))
    if (flags.json) writeOutput(flags.json, renderJson(report))
    for (const [kind, file] of [['html', flags.html], ['json', flags.json]]) if (file) io.stdout.write(`${kind} report written to ${resolve(file)}\n`)
    printDrift(io.stdout, drift)
    if (drift.checks.length > 0) throw new CliError(1, `${drift.checks.length} check(s) answered differently`)
  } finally {
    await Promise.all(targets.map((t) => t.close()))
  }
}

async function runRecorded(target: PreparedTarget, suite: Awaited<ReturnType<typeof loadSuite>>, flags: DriftFlags, grep?: RegExp): Promise<{ report: RunReport; exchanges: ExchangesByCheck }> {
  const exchanges: ExchangesByCheck = new Map()
  const report = await runSuite({
    ...target, validator: suite.validator, checks: suite.checks, grep, readOnly: flags.readOnly, concurrency: flags.concurrency,
    timeoutMs: flags.timeout, pollTimeoutMs: flags.pollTimeout,
    onCheckExchange: (id, ex) => exchanges.set(id, [...(exchanges.get(id) ?? []), ex]),
  }).catch((error: unknown) => (error instanceof TargetUnusable ? fail(`${target.baseUrl}: ${error.message}`) : Promise.reject(error)))
  return { report, exchanges }
}

/** Per check, one line per difference; then the two summaries and the count, last. */
export function printDrift(out: { write(text: string): unknown }, drift: DriftReport): void {
  out.write(`\nDrift between A ${drift.a.baseUrl} and B ${drift.b.baseUrl}\n`)
  for (const c of drift.checks) {
    out.write(`\n${c.id} (A ${c.a}, B ${c.b})\n`)
    for (const d of c.differences) out.write(`  - ${describeDifference(d)}\n`)
  }
  const sum = (s: DriftReport['a']['summary']): string => `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`
  out.write(`\nA: ${sum(drift.a.summary)}\nB: ${sum(drift.b.summary)}\n${drift.checks.length} check(s) answered differently\n`)
}

const camel = (flag: string): string => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/**
 * Each side's profile under its flags (A: --profile, B: --against-profile): the URL, the credentials from the
 * variables the profile names and its ids fill what the command line left out.
 */
async function withProfiles(flags: DriftFlags & Record<string, string | undefined>, env: NodeJS.ProcessEnv): Promise<DriftFlags & Record<string, string | undefined>> {
  const out: Record<string, string | undefined> = { ...flags }
  for (const [s, option, urlKey] of [['a', 'profile', 'baseUrl'], ['b', 'againstProfile', 'against']] as const) {
    const name = flags[option]
    if (name === undefined) continue
    try {
      const profile = await loadProfile(findConfigFile(process.cwd(), flags.config), name)
      const key = (flag: string): string => camel(`${SIDES[s].flag}${flag}`)
      const fill = (k: string, value: string | undefined): void => void (out[k] === undefined && value !== undefined && (out[k] = value))
      fill(urlKey, profile.baseUrl)
      const credentials: Record<string, string | undefined> = profileCredentials(profile, env, name)
      for (const [flag, , field] of FIELDS) fill(key(flag), field === 'projectId' ? profile.ids?.projectId : credentials[field])
      for (const [flag, , field] of ID_FIELDS) fill(key(flag), profile.ids?.[field])
    } catch (error) {
      if (error instanceof ProfileError) throw new CliError(USAGE_ERROR, error.message)
      throw error
    }
  }
  return out as DriftFlags & Record<string, string | undefined>
}
