import { createHash, timingSafeEqual } from 'node:crypto'
import type { MockCredentials, ProjectCredentials } from '../config.js'

/** Compares secrets in constant time (hashing first makes the lengths equal). */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/** Which project a set of application keys belongs to, and whether management keys are right. */
export class CredentialRegistry {
  readonly #apps = new Map<string, ProjectCredentials>()
  readonly #management: { id: string; token: string }

  constructor(credentials: MockCredentials) {
    for (const project of credentials.projects) this.#apps.set(project.appId, project)
    this.#management = credentials.management
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
    return id === this.#management.id && secretsEqual(token, this.#management.token)
  }

  get projects(): ProjectCredentials[] {
    return [...this.#apps.values()]
  }
}
