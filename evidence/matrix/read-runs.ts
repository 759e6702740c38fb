import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parseBaseline, type BaselineEntry } from '../../contracts/baseline.js'
import type { RunReport } from '../../contracts/types.js'
import type { ReplayReport } from '../replay/replay.js'

export interface Runs {
  contracts: { file: string; report: RunReport }[]
  replays: { file: string; report: ReplayReport }[]
  baselines: { file: string; entries: BaselineEntry[] }[]
  /** JSON files that are none of the above (named in the output, never an error). */
  ignored: string[]
}

/** A runs folder or file that cannot be read: the message names it (exit 2). */
export class RunsError extends Error {}

/**
 * The JSON files of a folder (or the files given): contract reports (`--reporter json`), replay reports
 * (`promokit replay --json`) and baselines (`--record-baseline`), told apart by their `format`.
 */
export function readRuns(paths: readonly string[]): Runs {
  const runs: Runs = { contracts: [], replays: [], baselines: [], ignored: [] }
  for (const path of paths) {
    let files: string[]
    try {
      files = statSync(path).isDirectory() ? readdirSync(path).filter((f) => f.endsWith('.json')).sort().map((f) => join(path, f)) : [path]
    } catch (error) {
      throw new RunsError(`${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : (error as Error).message}`)
    }
    for (const file of files) classify(file, runs)
  }
  return runs
}

function classify(file: string, runs: Runs): void {
  const text = readFileSync(file, 'utf8')
  let doc: any
  try {
    doc = JSON.parse(text)
  } catch (error) {
    throw new RunsError(`${file}: not JSON (${(error as Error).message})`)
  }
  if (doc?.format === 'promokit-contract-report' && Array.isArray(doc.results) && typeof doc.startedAt === 'string') runs.contracts.push({ file, report: doc as RunReport })
  else if (doc?.format === 'promokit-replay-report' && Array.isArray(doc.operations)) runs.replays.push({ file, report: doc as ReplayReport })
  else if (doc?.format === 'promokit-contract-baseline') {
    try {
      runs.baselines.push({ file, entries: parseBaseline(text, file).entries })
    } catch (error) {
      throw new RunsError((error as Error).message)
    }
  } else runs.ignored.push(file)
}
