import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createAjv } from '../src/validation/ajv.js'
import { loadAjvModules } from '../src/validation/ajv-node.js'

/** The names `promokit contract` looks for in the working folder when `--profile` is given without `--config`. */
export const CONFIG_FILES = ['promokit.config.json', 'promokit.config.yaml', 'promokit.config.yml']

const CREDENTIALS = ['appId', 'appToken', 'bearerToken', 'managementId', 'managementToken'] as const
const IDS = ['projectId', 'rewardId', 'assignmentId', 'referralCampaignId', 'referralMemberId', 'loyaltyCard', 'loyaltyRewardId', 'templateId', 'metadataSchemaId'] as const

/** One target: where it is, which environment variable holds each credential (never the secret itself), its ids. */
export interface Profile {
  baseUrl?: string
  cluster?: string
  credentials?: Partial<Record<(typeof CREDENTIALS)[number], string>>
  ids?: Partial<Record<(typeof IDS)[number], string>>
  readOnly?: boolean
  budget?: number
  maxRequests?: number
  concurrency?: number
  baseline?: string
}

const name = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'an environment variable name' }
const SCHEMA = {
  type: 'object',
  required: ['profiles'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    profiles: {
      type: 'object',
      minProperties: 1,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          baseUrl: { type: 'string', pattern: '^https?://[^/]' },
          cluster: { type: 'string', minLength: 1 },
          credentials: { type: 'object', additionalProperties: false, properties: Object.fromEntries(CREDENTIALS.map((c) => [c, name])) },
          ids: { type: 'object', additionalProperties: false, properties: Object.fromEntries(IDS.map((id) => [id, { type: 'string', minLength: 1 }])) },
          readOnly: { type: 'boolean' },
          budget: { type: 'integer', minimum: 1 },
          maxRequests: { type: 'integer', minimum: 1 },
          concurrency: { type: 'integer', minimum: 1, maximum: 64 },
          baseline: { type: 'string', minLength: 1 },
        },
      },
    },
  },
}

export class ProfileError extends Error {}

/** The config file to read: the one named, else the first of CONFIG_FILES in `cwd`. */
export function findConfigFile(cwd: string, explicit?: string): string {
  if (explicit !== undefined) {
    if (!existsSync(explicit)) throw new ProfileError(`--config ${explicit}: no such file`)
    return resolve(explicit)
  }
  const found = CONFIG_FILES.map((f) => join(cwd, f)).find((f) => existsSync(f))
  if (!found) throw new ProfileError(`--profile needs a config file: none of ${CONFIG_FILES.join(', ')} in ${cwd} (or name one with --config)`)
  return found
}

/** Reads, validates and picks one profile; a relative `baseline` is taken from the config file's folder. */
export async function loadProfile(file: string, profile: string): Promise<Profile> {
  const text = readFileSync(file, 'utf8')
  let data: unknown
  try {
    data = file.endsWith('.json') ? JSON.parse(text) : (await import('yaml')).parse(text)
  } catch (error) {
    throw new ProfileError(`${file} does not parse: ${(error as Error).message}`, { cause: error })
  }
  const validate = createAjv(loadAjvModules(), []).compile(SCHEMA)
  if (!validate(data)) {
    const [e] = validate.errors ?? []
    const where = e?.instancePath || '/'
    const extra = e?.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : ''
    throw new ProfileError(`${file}: ${where} ${e?.message ?? 'is not valid'}${extra}`)
  }
  const profiles = (data as { profiles: Record<string, Profile> }).profiles
  if (!Object.hasOwn(profiles, profile)) throw new ProfileError(`${file} has no profile "${profile}" (it has: ${Object.keys(profiles).join(', ')})`)
  const picked = profiles[profile]
  return picked.baseline === undefined ? picked : { ...picked, baseline: resolve(join(file, '..'), picked.baseline) }
}

/** The profile's credentials, read from the environment variables it names; a named variable that is unset is an error. */
export function profileCredentials(profile: Profile, env: NodeJS.ProcessEnv, label: string): Partial<Record<(typeof CREDENTIALS)[number], string>> {
  const out: Partial<Record<(typeof CREDENTIALS)[number], string>> = {}
  for (const key of CREDENTIALS) {
    const variable = profile.credentials?.[key]
    if (variable === undefined) continue
    const value = env[variable]
    if (value === undefined || value === '') throw new ProfileError(`profile ${label} takes ${key} from $${variable}, which is not set`)
    out[key] = value
  }
  return out
}

const SETTINGS = ['baseUrl', 'cluster', 'readOnly', 'budget', 'maxRequests', 'concurrency', 'baseline'] as const

/**
 * The flags with a profile under them: a flag given on the command line wins, then the profile (its credentials
 * from the variables it names), then the usual PROMOKIT_* variables and defaults.
 */
export async function withProfile<F extends object>(flags: F & { profile?: string; config?: string }, given: (key: string) => boolean, env: NodeJS.ProcessEnv, cwd = process.cwd()): Promise<F> {
  if (flags.profile === undefined) {
    if (flags.config !== undefined) throw new ProfileError('--config names the file of --profile: give --profile <name> too')
    return flags
  }
  const profile = await loadProfile(findConfigFile(cwd, flags.config), flags.profile)
  const out: Record<string, unknown> = { ...flags }
  const fill = (key: string, value: unknown): void => {
    if (value !== undefined && !given(key)) out[key] = value
  }
  for (const key of SETTINGS) fill(key, profile[key])
  for (const [key, value] of Object.entries(profileCredentials(profile, env, flags.profile))) fill(key, value)
  for (const [key, value] of Object.entries(profile.ids ?? {})) fill(key, value)
  return out as F
}
