// The shared tail of the generators (bin/gen-types.js, bin/gen-spec-data.js): `--stdout` prints the text
// (the freshness tests compare it with the committed file); otherwise the file is written when it changed.
import { readFileSync, writeFileSync } from 'node:fs'

export function emitGenerated(outFile, text, argv = process.argv) {
  if (argv.includes('--stdout')) return void process.stdout.write(text)
  let previous = ''
  try {
    previous = readFileSync(outFile, 'utf8')
  } catch {
    // no file yet: it is written below
  }
  if (previous !== text) writeFileSync(outFile, text)
  process.stdout.write(`${previous === text ? 'unchanged' : 'wrote'} ${outFile}\n`)
}
