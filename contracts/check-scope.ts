import { AsyncLocalStorage } from 'node:async_hooks'
import type { Check, CheckContext } from './check.js'
import type { Exchange } from './http-client.js'

/**
 * Which check an exchange belongs to, across the awaits of checks running side by side, and the state-changing
 * requests it has sent so far: a failure seen on a read-back is shown with the write that caused it.
 */
export interface CheckTrail {
  id: string
  writes: Exchange[]
  /** The operation of the check's latest answer (the mock's control calls aside): where a `follows` was seen. */
  last?: string
}
export const currentCheck = new AsyncLocalStorage<CheckTrail>()

/**
 * A check's own context (its record of followed behaviours, its preparation) and trail, made once: its
 * preparation may run before the check (contracts/prepare-ahead.ts), as part of the check all the same.
 */
export interface CheckScope {
  ctx: CheckContext
  trail: CheckTrail
  /** Which documented behaviour the target showed, where the description and the real service differ, and on which operation. */
  follows: Map<string, string | undefined>
  prepared(): Promise<unknown>
}

export function checkScopes(shared: CheckContext): (check: Check) => CheckScope {
  const scopes = new Map<Check, CheckScope>()
  return (check) => {
    let scope = scopes.get(check)
    if (scope) return scope
    let preparation: Promise<unknown> | undefined
    const follows = new Map<string, string | undefined>()
    const trail: CheckTrail = { id: check.id, writes: [] }
    const prepared = (): Promise<unknown> => (preparation ??= check.prepare ? currentCheck.run(trail, () => check.prepare!(ctx)) : shared.prepared())
    const ctx: CheckContext = { ...shared, follows: (behaviour) => void (follows.has(behaviour) || follows.set(behaviour, currentCheck.getStore()?.last)), prepared: prepared as CheckContext['prepared'] }
    scope = { ctx, trail, follows, prepared }
    scopes.set(check, scope)
    return scope
  }
}
