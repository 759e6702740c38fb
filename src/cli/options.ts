import { InvalidArgumentError } from 'commander'

/** The first set environment variable among `names` (e.g. PROMOKIT_PORT, then PORT). */
export function envValue(env: NodeJS.ProcessEnv, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = env[name]
    if (value !== undefined && value !== '') return value
  }
  return undefined
}

/** commander argument parsers: a wrong value is a usage error (exit 2) naming the flag's rule. */
export function integerOption(min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const n = Number(value)
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max}, got "${value}"`)
    }
    return n
  }
}

export function numberOption(min: number, { exclusiveMin = false } = {}): (value: string) => number {
  return (value) => {
    const n = Number(value)
    if (value.trim() === '' || !Number.isFinite(n) || n < min || (exclusiveMin && n === min)) {
      throw new InvalidArgumentError(`expected a number ${exclusiveMin ? '>' : '>='} ${min}, got "${value}"`)
    }
    return n
  }
}
