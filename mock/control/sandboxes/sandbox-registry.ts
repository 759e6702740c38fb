import { toIso, type Clock } from '../../../src/clock.js'
import { randomBytes, type IdSource } from '../../../src/ids.js'
import type { CredentialRegistry } from '../../engine/auth/credentials.js'
import type { ProjectCredentials } from '../../engine/config.js'
import { ApiError, notFound } from '../../engine/errors.js'
import type { ProjectRegistry, ProjectState } from '../../engine/project-state.js'

/** The keys of one sandbox: its own app, client-side and management pairs, valid for its project only. */
export interface SandboxKeys {
  app_id: string
  app_token: string
  client_id: string
  client_token: string
  management_id: string
  management_token: string
}

export interface Sandbox {
  id: string
  project_id: string
  created_at: string
  keys: SandboxKeys
}

export interface SandboxServices {
  projects: ProjectRegistry
  credentials: CredentialRegistry
  clock: Clock
  /** How many sandboxes may exist at once (config.maxSandboxes, read on each create). */
  max: () => number
  /** Where the keys' random bytes come from (a journal records them: mock/engine/persistence). */
  ids?: IdSource
  /** Fills a fresh sandbox project from the fixtures (mock/control/sandboxes/seed-sandbox.ts). */
  seed: (project: ProjectState) => void
}

/** Random hex for tokens (Web Crypto by default: the same on Node and in a browser). */
const randomHex = (ids: IdSource | undefined, bytes: number): string => Array.from(randomBytes(ids, bytes), (b) => b.toString(16).padStart(2, '0')).join('')

/** The registry as plain data for the state file: each sandbox with its keys, and the next number. */
export interface SandboxSnapshot {
  next: number
  sandboxes: Sandbox[]
}

/**
 * Isolated projects for parallel tests: each sandbox is a project built from the fixtures, reached only
 * with its own keys, reset or deleted without touching any other project. State of one app instance.
 */
export class SandboxRegistry {
  readonly #sandboxes = new Map<string, Sandbox>()
  #next = 1

  constructor(private readonly services: SandboxServices) {}

  create(): Sandbox {
    const max = this.services.max()
    if (this.#sandboxes.size >= max) {
      throw new ApiError('SANDBOX_LIMIT', `This mock holds at most ${max} sandboxes at once (maxSandboxes, flag --max-sandboxes); delete one (DELETE /_mock/sandboxes/{id}) or reset the mock`)
    }
    const n = this.#next++
    const id = `sbx_${String(n).padStart(4, '0')}${randomHex(this.services.ids, 4)}`
    const projectId = `proj_${id}`
    const secret = randomHex(this.services.ids, 12)
    const keys: SandboxKeys = {
      app_id: `${id}-app-id`,
      app_token: `${id}-app-token-${secret}`,
      client_id: `${id}-client-id`,
      client_token: `${id}-client-token-${secret}`,
      management_id: `${id}-management-id`,
      management_token: `${id}-management-token-${secret}`,
    }
    const sandbox: Sandbox = { id, project_id: projectId, created_at: toIso(this.services.clock.now()), keys }
    this.#build(sandbox)
    this.services.credentials.add(this.#credentialsOf(sandbox), { id: keys.management_id, token: keys.management_token })
    this.#sandboxes.set(id, sandbox)
    return sandbox
  }

  get size(): number {
    return this.#sandboxes.size
  }

  list(): Sandbox[] {
    return [...this.#sandboxes.values()]
  }

  /** The sandbox whose project this is, if any. */
  ofProject(projectId: string): Sandbox | undefined {
    return projectId.startsWith('proj_sbx_') ? this.#sandboxes.get(projectId.slice('proj_'.length)) : undefined
  }

  get(id: string): Sandbox {
    const sandbox = this.#sandboxes.get(id)
    if (!sandbox) throw notFound('sandbox', id)
    return sandbox
  }

  /** Back to the fixtures, for this sandbox only; its keys stay valid. */
  reset(id: string): Sandbox {
    const sandbox = this.get(id)
    this.#build(sandbox)
    return sandbox
  }

  delete(id: string): void {
    const sandbox = this.get(id)
    this.services.projects.remove(sandbox.project_id)
    this.services.credentials.remove(sandbox.project_id, sandbox.keys.management_id)
    this.#sandboxes.delete(id)
  }

  /** Every sandbox gone (a reset of the whole mock rebuilds only the configured projects). */
  clear(): void {
    for (const sandbox of this.list()) this.services.credentials.remove(sandbox.project_id, sandbox.keys.management_id)
    this.#sandboxes.clear()
  }

  // Persistence (mock/engine/persistence): the sandboxes and their keys; their projects' data is saved with every project's.
  snapshot(): SandboxSnapshot {
    return { next: this.#next, sandboxes: this.list().map((s) => ({ ...s, keys: { ...s.keys } })) }
  }

  /** Replaces every sandbox with the saved ones: empty projects with their keys, which the state's project data then fills. */
  restore(snapshot: SandboxSnapshot): void {
    for (const sandbox of this.list()) this.delete(sandbox.id)
    for (const saved of snapshot.sandboxes) {
      const sandbox: Sandbox = { ...saved, keys: { ...saved.keys } }
      this.services.projects.add({ id: sandbox.project_id, name: `Sandbox ${sandbox.id}` })
      this.services.credentials.add(this.#credentialsOf(sandbox), { id: sandbox.keys.management_id, token: sandbox.keys.management_token })
      this.#sandboxes.set(sandbox.id, sandbox)
    }
    this.#next = snapshot.next
  }

  #build(sandbox: Sandbox): void {
    const project = this.services.projects.add({ id: sandbox.project_id, name: `Sandbox ${sandbox.id}` })
    this.services.seed(project)
  }

  #credentialsOf(sandbox: Sandbox): ProjectCredentials {
    const { keys } = sandbox
    return { projectId: sandbox.project_id, projectName: `Sandbox ${sandbox.id}`, appId: keys.app_id, appToken: keys.app_token, clientId: keys.client_id, clientToken: keys.client_token }
  }
}
