import { existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
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

export function numberOption(min: number, { exclusiveMin = false, max = Number.MAX_VALUE } = {}): (value: string) => number {
  return (value) => {
    const n = Number(value)
    if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max || (exclusiveMin && n === min)) {
      const upTo = max === Number.MAX_VALUE ? '' : ` and <= ${max}`
      throw new InvalidArgumentError(`expected a number ${exclusiveMin ? '>' : '>='} ${min}${upTo}, got "${value}"`)
    }
    return n
  }
}

/** A folder that exists (`--fixtures`): checked before anything starts. */
export function existingFolder(value: string): string {
  if (!existsSync(value)) throw new InvalidArgumentError(`no such folder: ${value}`)
  if (!statSync(value).isDirectory()) throw new InvalidArgumentError(`not a folder: ${value}`)
  return value
}

/** A file path in a folder that exists (`--state-file`: the file itself is created at start). */
export function fileInExistingFolder(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('expected a file path, got ""')
  if (existsSync(value) && statSync(value).isDirectory()) throw new InvalidArgumentError(`${value} is a folder; give the path of a file in it`)
  const folder = dirname(resolve(value))
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new InvalidArgumentError(`the folder ${folder} does not exist (the file is created in it at start; create the folder first)`)
  }
  return value
}
