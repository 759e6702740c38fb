import { randomToken } from '../../../src/latin1.js'
import type { Clock } from '../../../src/clock.js'
import { randomBytes, type IdSource } from '../../../src/ids.js'

export interface AccessToken {
  accessToken: string
  projectId: string
  clientId: string
  scopes: string[]
  issuedAt: number
  expiresAt: number
  /** Set by POST /v1/oauth/token/revoke; a revoked token is refused at once. */
  revokedAt?: number
}

/** Why a stored token may not be used, or undefined when it may. */
export type TokenState = 'active' | 'expired' | 'revoked'

// Dead tokens are kept this long after they stopped working, so a client still sending one is told
// "expired" or "revoked" rather than "not issued"; older ones are dropped when a token is issued.
const KEEP_DEAD_MS = 24 * 60 * 60 * 1000

/** Issued OAuth access tokens; expiry is read from the injected clock. */
export class TokenStore {
  readonly #tokens = new Map<string, AccessToken>()

  constructor(private readonly deps: { clock: Clock; ttlSeconds: () => number; ids?: IdSource }) {}

  issue(input: { projectId: string; clientId: string; scopes: string[] }): AccessToken {
    const issuedAt = this.deps.clock.now()
    this.#dropLongDead(issuedAt)
    const token: AccessToken = {
      ...input,
      // A secret, so it comes from random bytes rather than the (possibly sequential) ids.
      accessToken: randomToken(24, (n) => randomBytes(this.deps.ids, n)),
      issuedAt,
      expiresAt: issuedAt + this.deps.ttlSeconds() * 1000,
    }
    this.#tokens.set(token.accessToken, token)
    return token
  }

  /** The token as stored (expired, revoked or not); the caller decides what that means. */
  find(accessToken: string): AccessToken | undefined {
    return this.#tokens.get(accessToken)
  }

  state(token: AccessToken): TokenState {
    if (token.revokedAt !== undefined) return 'revoked'
    return this.deps.clock.now() >= token.expiresAt ? 'expired' : 'active'
  }

  /** Seconds of life left (0 once expired). */
  secondsLeft(token: AccessToken): number {
    return Math.max(0, Math.floor((token.expiresAt - this.deps.clock.now()) / 1000))
  }

  /** Revokes an active token of the project; false when there is none (unknown, another project's, dead). */
  revoke(accessToken: string, projectId: string): boolean {
    const token = this.#tokens.get(accessToken)
    if (!token || token.projectId !== projectId || this.state(token) !== 'active') return false
    token.revokedAt = this.deps.clock.now()
    return true
  }

  /** Tokens of a project that still work (the per-project limit counts these). */
  activeCount(projectId: string): number {
    let count = 0
    for (const token of this.#tokens.values()) if (token.projectId === projectId && this.state(token) === 'active') count++
    return count
  }

  clear(): void {
    this.#tokens.clear()
  }

  get size(): number {
    return this.#tokens.size
  }

  #dropLongDead(now: number): void {
    for (const [key, token] of this.#tokens) {
      if (Math.min(token.expiresAt, token.revokedAt ?? Infinity) + KEEP_DEAD_MS < now) this.#tokens.delete(key)
    }
  }

  // Persistence (mock/engine/persistence): issued tokens survive a restart (they still expire on the clock).
  snapshot(): AccessToken[] {
    return [...this.#tokens.values()].map((t) => ({ ...t, scopes: [...t.scopes] }))
  }

  restore(tokens: AccessToken[]): void {
    this.#tokens.clear()
    for (const token of tokens) this.#tokens.set(token.accessToken, { ...token, scopes: [...token.scopes] })
  }
}
