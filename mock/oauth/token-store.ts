import { randomBytes } from 'node:crypto'
import type { Clock } from '../../src/clock.js'

export interface AccessToken {
  accessToken: string
  projectId: string
  clientId: string
  scopes: string[]
  issuedAt: number
  expiresAt: number
}

/** Issued OAuth access tokens; expiry is read from the injected clock, nothing is swept. */
export class TokenStore {
  readonly #tokens = new Map<string, AccessToken>()

  constructor(private readonly deps: { clock: Clock; ttlSeconds: () => number }) {}

  issue(input: { projectId: string; clientId: string; scopes: string[] }): AccessToken {
    const issuedAt = this.deps.clock.now()
    const token: AccessToken = {
      ...input,
      // A secret, so it comes from the CSPRNG rather than the (possibly sequential) IdSource.
      accessToken: randomBytes(24).toString('base64url'),
      issuedAt,
      expiresAt: issuedAt + this.deps.ttlSeconds() * 1000,
    }
    this.#tokens.set(token.accessToken, token)
    return token
  }

  /** The token as stored (expired or not); the caller decides what an expired token means. */
  find(accessToken: string): AccessToken | undefined {
    return this.#tokens.get(accessToken)
  }

  isExpired(token: AccessToken): boolean {
    return this.deps.clock.now() >= token.expiresAt
  }

  clear(): void {
    this.#tokens.clear()
  }

  get size(): number {
    return this.#tokens.size
  }
  // Persistence (mock/persistence): issued tokens survive a restart (they still expire on the clock).
  snapshot(): AccessToken[] {
    return [...this.#tokens.values()].map((t) => ({ ...t, scopes: [...t.scopes] }))
  }

  restore(tokens: AccessToken[]): void {
    this.#tokens.clear()
    for (const token of tokens) this.#tokens.set(token.accessToken, { ...token, scopes: [...token.scopes] })
  }
}
