import { CliError } from '../../src/cli/cli-error.js'
import { contractCommand } from '../contract-command.js'

/** `promokit contract <args>` in this process: what it printed, and the exit code a CliError would give. */
export async function runContractCommand(args: string[]): Promise<{ out: string; code: number; message?: string }> {
  let out = ''
  try {
    await contractCommand({ stdout: { write: (text: string) => void (out += text) }, env: {} }).parseAsync(args, { from: 'user' })
    return { out, code: 0 }
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    return { out, code: error.exitCode, message: error.message }
  }
}
