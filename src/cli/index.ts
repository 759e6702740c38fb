export { CliError, USAGE_ERROR } from './cli-error.js'
export { envValue, existingFolder, fileInExistingFolder, integerOption, numberOption } from './options.js'
export { buildProgram, packageVersion, runCli, type CliIo } from './run-cli.js'
