import type { SandboxSnapshot } from '../../control/sandboxes/sandbox-registry.js'

export const STATE_FORMAT = 'promokit-state'

/** A saved state file (--state-file): the snapshot the mock writes and checks before loading. */
export interface StateDocument {
  format: typeof STATE_FORMAT
  version: number
  saved_at: string
  /** The mock's time when saved, and the offset of a running server's clock from the wall clock. */
  clock: { now: number; offset?: number }
  generation_rate: number
  /** The seed codes are generated from: a campaign still generating gets the codes it would have got. */
  seed: number
  /** Which journal continues this snapshot (`<file>.journal.<n>`): older journals are already in it. */
  journal_generation: number
  tokens: unknown
  /** Sandboxes with their keys; their projects' data is under `projects` like every project's. */
  sandboxes: SandboxSnapshot
  projects: Record<string, Record<string, unknown>>
}

/**
 * The shape of a state document, checked before anything is restored: every part the mock reads
 * (clock, settings, tokens, sandboxes, each project's stores) has the type it is written with, and a
 * wrong one is named by its path (`clock.now`, `projects.proj_x.categories`). Store contents are
 * compared with what this version writes (a snapshot of a fresh mock), one level into each store;
 * the rest is checked by the stores' restore and by reading the state back through the API.
 */
type Json = Record<string, unknown>

const kind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
const isObject = (v: unknown): v is Json => kind(v) === 'object'
const article = (k: string): string => (k === 'array' || k === 'object' ? `an ${k}` : k === 'null' ? 'null' : `a ${k}`)
const shown = (v: unknown): string => (isObject(v) || Array.isArray(v) ? article(kind(v)) : JSON.stringify(v))

/** The largest time a Date holds (ms from the epoch either way). */
const MAX_TIME = 8.64e15
const isTime = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= MAX_TIME
const isCount = (v: unknown, min = 0): boolean => Number.isSafeInteger(v) && (v as number) >= min
const isText = (v: unknown): boolean => typeof v === 'string'

function fields(value: unknown, at: string, expected: Record<string, [check: (v: unknown) => boolean, what: string, optional?: boolean]>): string | undefined {
  if (!isObject(value)) return `${at}: expected an object, got ${shown(value)}`
  for (const [name, [check, what, optional]] of Object.entries(expected)) {
    const present = Object.hasOwn(value, name)
    if (!present && optional) continue
    if (!present) return `${at}.${name}: missing (expected ${what})`
    if (!check(value[name])) return `${at}.${name}: expected ${what}, got ${shown(value[name])}`
  }
  return undefined
}

const TIME = [isTime, 'a time in epoch ms (a finite number a date can hold)'] as [(v: unknown) => boolean, string]

function listProblem(value: unknown, at: string, item: (v: unknown, at: string) => string | undefined): string | undefined {
  if (!Array.isArray(value)) return `${at}: expected an array, got ${shown(value)}`
  for (const [i, v] of value.entries()) {
    const problem = item(v, `${at}[${i}]`)
    if (problem) return problem
  }
  return undefined
}

const tokenProblem = (v: unknown, at: string) =>
  fields(v, at, {
    accessToken: [isText, 'a string'],
    projectId: [isText, 'a string'],
    clientId: [isText, 'a string'],
    scopes: [(s) => Array.isArray(s) && s.every(isText), 'an array of strings'],
    issuedAt: TIME,
    expiresAt: TIME,
    revokedAt: [...TIME, true],
  })

const sandboxProblem = (v: unknown, at: string) =>
  fields(v, at, { id: [isText, 'a string'], project_id: [isText, 'a string'], created_at: [isText, 'a string'], keys: [isObject, 'an object'] }) ??
  fields((v as Json).keys, `${at}.keys`, Object.fromEntries(['app_id', 'app_token', 'client_id', 'client_token', 'management_id', 'management_token'].map((k) => [k, [isText, 'a string']])))

/** A store's saved data against what this version writes for it: same kind, same top-level fields, items of the same kind. */
function storeProblem(value: unknown, reference: unknown, at: string, depth = 0): string | undefined {
  const expected = kind(reference)
  if (expected === 'null') return undefined
  if (kind(value) !== expected) return `${at}: expected ${article(expected)}, got ${shown(value)}`
  if (Array.isArray(reference)) {
    const itemKind = reference.length > 0 ? kind(reference[0]) : undefined
    if (itemKind === undefined || !reference.every((r) => kind(r) === itemKind)) return undefined
    const bad = (value as unknown[]).findIndex((v) => kind(v) !== itemKind)
    return bad === -1 ? undefined : `${at}[${bad}]: expected ${article(itemKind)}, got ${shown((value as unknown[])[bad])}`
  }
  if (!isObject(reference) || depth > 0) return undefined
  for (const [name, ref] of Object.entries(reference)) {
    if (ref === undefined) continue
    if (!Object.hasOwn(value as Json, name)) return `${at}.${name}: missing`
    const problem = storeProblem((value as Json)[name], ref, `${at}.${name}`, depth + 1)
    if (problem) return problem
  }
  return undefined
}

/** What is wrong with a document of this version, or undefined. `reference` is a snapshot of a fresh mock. */
export function documentShapeProblem(d: Partial<StateDocument>, projectIds: string[], reference: StateDocument): string | undefined {
  const header =
    fields(d, 'the document', {
      saved_at: [isText, 'a string'],
      clock: [isObject, 'an object'],
      generation_rate: [(v) => typeof v === 'number' && Number.isFinite(v) && v > 0, 'a positive number'],
      seed: [(v) => isCount(v), 'a whole number ≥ 0'],
      journal_generation: [(v) => isCount(v), 'a whole number ≥ 0'],
      tokens: [Array.isArray, 'an array'],
      sandboxes: [isObject, 'an object'],
      projects: [isObject, 'an object'],
    }) ??
    fields(d.clock, 'clock', { now: TIME, offset: [...TIME, true] }) ??
    listProblem(d.tokens, 'tokens', tokenProblem) ??
    fields(d.sandboxes, 'sandboxes', { next: [(v) => isCount(v, 1), 'a whole number ≥ 1'], sandboxes: [Array.isArray, 'an array'] }) ??
    listProblem(d.sandboxes?.sandboxes, 'sandboxes.sandboxes', sandboxProblem)
  if (header) return `is not a usable state file: ${header}`
  const projects = d.projects as Json
  const sandboxProjects = d.sandboxes!.sandboxes.map((s) => s.project_id)
  const known = [...projectIds, ...sandboxProjects]
  const unknown = Object.keys(projects).filter((id) => !known.includes(id))
  if (unknown.length > 0) return `holds project(s) ${unknown.join(', ')} that this server is not configured with and that are not sandboxes of the file (configured: ${projectIds.join(', ')})`
  const lacking = sandboxProjects.find((id) => !Object.hasOwn(projects, id))
  if (lacking) return `is not a usable state file: projects.${lacking}: missing (the data of a sandbox the file lists)`
  const stores = reference.projects[projectIds[0]] ?? {}
  for (const [id, saved] of Object.entries(projects)) {
    if (!isObject(saved)) return `is not a usable state file: projects.${id}: expected an object, got ${shown(saved)}`
    const missing = Object.keys(stores).filter((name) => !Object.hasOwn(saved, name))
    if (missing.length > 0) return `project ${id} lacks the ${missing.join(', ')} store(s)`
    for (const [name, ref] of Object.entries(stores)) {
      const problem = storeProblem(saved[name], ref, `projects.${id}.${name}`)
      if (problem) return `is not a usable state file: ${problem}`
    }
  }
  return undefined
}
