import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Command } from 'commander'
import { loadSuite } from '../../contracts/suite.js'
import { operationHandlers } from '../../mock/engine/operation-handlers.js'
import { CliError, USAGE_ERROR } from '../../src/cli/cli-error.js'
import { renderBadge } from './badge.js'
import { buildMatrix, type Matrix } from './build-matrix.js'
import choices from './documented-choices.json' with { type: 'json' }
import { readRuns, RunsError, type Runs } from './read-runs.js'
import { renderMatrixHtml } from './render-html.js'
import { badgeText, renderMatrixMarkdown } from './render-md.js'
import sdkMethods from './sdk-methods.json' with { type: 'json' }

export interface MatrixIo {
  stdout: { write(text: string): unknown }
}

const collect = (value: string, previous: string[]): string[] => [...previous, value]

/** `promokit matrix --runs reports/ --out matrix/`: the fidelity matrix, one row per operation of the spec. */
export function matrixCommand(io: MatrixIo = { stdout: process.stdout }): Command {
  return new Command('matrix')
    .description('build the fidelity matrix (one row per operation) from the spec, the suite and the JSON reports, replays and baselines given; writes matrix.html, matrix.json, matrix.md and badge.svg')
    .option('--runs <dir-or-file>', 'a folder of JSON files (contract reports from --reporter json, replay reports from replay --json, baselines), or one file; repeatable', collect, [])
    .option('--out <dir>', 'where to write matrix.html, matrix.json, matrix.md and badge.svg', 'promokit-matrix')
    .addHelpText('after', `
Example:
  promokit contract --base-url "$STAGING_URL" --reporter json --output-file runs/staging.json
  promokit replay staging.har --against mock --json runs/replay.json
  promokit matrix --runs runs --out docs/fidelity     # then ![conformance](docs/fidelity/badge.svg) in a README`)
    .action(async (flags: { runs: string[]; out: string }) => runMatrix(flags, io))
}

/** The matrix of the runs given (also for tools and tests: nothing is written). */
export async function matrixOf(runs: Runs, now?: Date): Promise<Matrix> {
  const suite = await loadSuite()
  return buildMatrix({
    operations: suite.validator.operations,
    servedByMock: new Set(Object.keys(operationHandlers)),
    checks: suite.checks,
    runs,
    sdk: { js: sdkMethods.js.methods as Record<string, string[]>, python: sdkMethods.python.methods as Record<string, string[]> },
    choices: choices.choices,
    now,
  })
}

async function runMatrix(flags: { runs: string[]; out: string }, io: MatrixIo): Promise<void> {
  let runs: Runs
  try {
    runs = readRuns(flags.runs)
  } catch (error) {
    if (error instanceof RunsError) throw new CliError(USAGE_ERROR, `--runs ${error.message}`)
    throw error
  }
  const matrix = await matrixOf(runs)
  const out = resolve(flags.out)
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'matrix.json'), `${JSON.stringify(matrix, null, 2)}\n`)
  writeFileSync(join(out, 'matrix.html'), renderMatrixHtml(matrix))
  writeFileSync(join(out, 'matrix.md'), renderMatrixMarkdown(matrix))
  writeFileSync(join(out, 'badge.svg'), renderBadge(matrix))
  const read = `${runs.contracts.length} contract report(s), ${runs.replays.length} replay(s), ${runs.baselines.length} baseline(s)`
  io.stdout.write(`${read}${runs.ignored.length ? `; not promokit reports, left out: ${runs.ignored.join(', ')}` : ''}\n`)
  if (runs.contracts.length + runs.replays.length === 0) {
    io.stdout.write(`no contract report or replay${flags.runs.length ? ` in ${flags.runs.join(', ')}` : ' (no --runs)'}: the matrix shows the spec, the suite and the SDKs only. Write them with\n`
      + '  promokit contract --reporter json --output-file runs/<target>.json   and   promokit replay <file.har> --against mock --json runs/replay.json\n')
  }
  const failing = matrix.operations.filter((r) => r.state === 'failing').map((r) => r.operationId)
  io.stdout.write(`${matrix.operations.length} operations; ${failing.length ? `failing: ${failing.join(', ')}` : 'none failing'}\n`)
  io.stdout.write(`${badgeText(matrix)}\nwritten to ${out}: matrix.html, matrix.json, matrix.md, badge.svg\n`)
}
