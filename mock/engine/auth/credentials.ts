import type { MockCredentials, ProjectCredentials } from '../config.js'

/**
 * Compares secrets in constant time: the loop runs over the given secret's length whatever the
 * expected one holds, and no early exit says how far they agreed. Plain JS (no node:crypto), so the
 * core runs in browsers; and no hashing, so nothing per request and no cache to share between mocks.
 */
export function secretsEqual(given: string, expected: string): boolean {
  const width = expected.length
  let diff = given.length ^ width
  for (let i = 0; i < given.length; i++) diff |= given.charCodeAt(i) ^ (width === 0 ? 0 : expected.charCodeAt(i % width))
  return diff === 0
}

/** Which project a set of application keys belongs to, and whether management keys are right. */
export class CredentialRegistry {
  readonly #apps = new Map<string, ProjectCredentials>()
  readonly #clients = new Map<string, ProjectCredentials>()
  readonly #management: { id: string; token: string }
  /** Management keys of sandboxes, each valid for its own project only. */
  readonly #scoped = new Map<string, { token: string; projectId: string }>()

  constructor(credentials: MockCredentials) {
    for (const project of credentials.projects) {
      this.#apps.set(project.appId, project)
      if (project.clientId) this.#clients.set(project.clientId, project)
    }
    this.#management = credentials.management
  }

  /** The project of these client-side keys, or undefined when either is wrong. */
  client(clientId: string, clientToken: string): ProjectCredentials | undefined {
    const found = this.#clients.get(clientId)
    return found?.clientToken !== undefined && secretsEqual(clientToken, found.clientToken) ? found : undefined
  }

  clientById(clientId: string): ProjectCredentials | undefined {
    return this.#clients.get(clientId)
  }

  /** The project of these application keys, or undefined when either is wrong. */
  app(appId: string, appToken: string): ProjectCredentials | undefined {
    const found = this.#apps.get(appId)
    return found && secretsEqual(appToken, found.appToken) ? found : undefined
  }

  appById(appId: string): ProjectCredentials | undefined {
    return this.#apps.get(appId)
  }

  management(id: string, token: string): boolean {
    return this.managementScope(id, token) !== undefined
  }

  /** Undefined when the keys are wrong; `projectId` when they are a sandbox's, valid for that project only. */
  managementScope(id: string, token: string): { projectId?: string } | undefined {
    if (id === this.#management.id) return secretsEqual(token, this.#management.token) ? {} : undefined
    const scoped = this.#scoped.get(id)
    return scoped && secretsEqual(token, scoped.token) ? { projectId: scoped.projectId } : undefined
  }

  /** Keys of a project added while running (a sandbox), with management keys limited to it. */
  add(project: ProjectCredentials, management: { id: string; token: string }): void {
    this.#apps.set(project.appId, project)
    if (project.clientId) this.#clients.set(project.clientId, project)
    this.#scoped.set(management.id, { token: management.token, projectId: project.projectId })
  }

  remove(projectId: string, managementId: string): void {
    for (const map of [this.#apps, this.#clients]) for (const [id, p] of map) if (p.projectId === projectId) map.delete(id)
    this.#scoped.delete(managementId)
  }

  get projects(): ProjectCredentials[] {
    return [...this.#apps.values()]
  }
}
