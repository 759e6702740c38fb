import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Command, CommanderError } from 'commander'
import { packageRoot } from '../paths.js'
import { CliError, USAGE_ERROR } from './cli-error.js'

export interface CliIo {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  exit: (code: number) => never | void
}

const defaultIo = (): CliIo => ({ stdout: process.stdout, stderr: process.stderr, exit: (code) => process.exit(code) })

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version
}

/** The `promokit` program with the given commands; errors surface as exceptions (runCli turns them into exit codes). */
export function buildProgram(commands: Command[], io: Pick<CliIo, 'stdout' | 'stderr'> = defaultIo()): Command {
  const program = new Command('promokit')
    .description('Contract tests and a stateful mock server for the promotion engine campaign-management API')
    .version(packageVersion(), '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run with --help for usage)')
  for (const command of commands) program.addCommand(command)
  const configure = (cmd: Command): void => {
    cmd.exitOverride().configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    cmd.commands.forEach(configure)
  }
  configure(program)
  return program
}

/**
 * Runs the CLI: the only place that prints fatal errors and ends the process. Bad usage
 * (unknown flag, invalid value) exits 2; a CliError exits with its own code; anything else 1.
 */
export async function runCli(argv: string[], commands: Command[], io: CliIo = defaultIo()): Promise<void> {
  const program = buildProgram(commands, io)
  try {
    await program.parseAsync(argv)
  } catch (error) {
    io.exit(exitCodeFor(error, io))
  }
}

function exitCodeFor(error: unknown, io: CliIo): number {
  if (error instanceof CommanderError) {
    // commander has already printed its message (help, version or the usage error).
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0
    return error.exitCode === 0 ? 0 : USAGE_ERROR
  }
  if (error instanceof CliError) {
    io.stderr.write(`promokit: ${error.message}\n`)
    return error.exitCode
  }
  io.stderr.write(`promokit: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  return 1
}
