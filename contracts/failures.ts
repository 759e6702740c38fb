import type { Exchange } from './http-client.js'
import type { Problem } from './types.js'

/** Thrown by a check (through its context) when the target broke the contract. */
export class CheckFailure extends Error {
  constructor(
    readonly problems: Problem[],
    readonly exchange?: Exchange,
  ) {
    super(problems.map(describeProblem).join('; '))
    this.name = 'CheckFailure'
  }
}

/** Thrown when a check cannot run here (missing ids, operation not deployed, read-only run). */
export class CheckSkipped extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'CheckSkipped'
  }
}

export function describeProblem(p: Problem): string {
  const where = p.location === 'body' || p.location === 'behaviour' ? `${p.location} ${p.pointer || '/'}` : p.location
  const diff = p.expected !== undefined || p.actual !== undefined ? ` (expected ${show(p.expected)}, got ${show(p.actual)})` : ''
  return `${where}: ${p.message}${diff}`
}

export function show(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value)
  return text.length > 120 ? `${text.slice(0, 117)}...` : text
}
