import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { CliError, USAGE_ERROR } from '../src/cli/cli-error.js'

/** Writes a report or baseline, creating missing folders (a CI job's `reports/` does not exist yet). */
export function writeOutput(file: string, text: string): void {
  mkdirSync(dirname(resolve(file)), { recursive: true })
  writeFileSync(resolve(file), text)
}

/** The target cannot be used at all (unreachable, credentials refused): exit 2 with the reason. */
export function fail(message: string): never {
  throw new CliError(USAGE_ERROR, message)
}

export function toRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'i')
  } catch (error) {
    throw new CliError(USAGE_ERROR, `--grep is not a valid regular expression: ${(error as Error).message}`)
  }
}

export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
