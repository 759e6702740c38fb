/** A failure the CLI reports as one line on stderr and an exit code (2 = bad usage, 1 = failure). */
export class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message)
    this.name = 'CliError'
  }
}

export const USAGE_ERROR = 2
