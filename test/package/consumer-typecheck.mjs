// `tsc -p <project>` for the consumer project of package.test.ts, with skipLibCheck off, except that the
// declaration files of the packages named after the project are not checked themselves (they are still read and
// used wherever promokit's types or the project's code refer to them). Those are the consumer's own installs,
// @types/node and msw, the same in every project that uses them: checking them said nothing of promokit's
// typings and took two thirds of tsc's time (msw 9 s, @types/node 5 s of 20 s). Prints tsc's diagnostics and
// exits 1 when there is one; emits the project's JavaScript otherwise.
import { realpathSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const [project, ...unchecked] = process.argv.slice(2)
const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => report([diagnostic]) }
const config = ts.getParsedCommandLineOfConfigFile(join(project, 'tsconfig.json'), {}, host)
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences })
const skipped = unchecked.map((name) => realpathSync(join(project, 'node_modules', name)) + '/')
const checked = program.getSourceFiles().filter((file) => !skipped.some((dir) => file.fileName.startsWith(dir)))
const diagnostics = [
  ...config.errors,
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...program.getSyntacticDiagnostics(),
  ...checked.flatMap((file) => program.getSemanticDiagnostics(file)),
]
report(diagnostics)
// emitting the whole program would check every declaration file first: each of the project's own files alone
for (const file of config.fileNames) program.emit(program.getSourceFile(file))

function report(found) {
  if (found.length === 0) return
  process.stdout.write(ts.formatDiagnostics(found, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => project, getNewLine: () => '\n' }))
  process.exit(1)
}
