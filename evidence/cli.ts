// The evidence commands (issue 27), added to the `promokit` program by the root cli.ts.
export { recordCommand } from './record/record-command.js'
export { replayCommand } from './replay/replay-command.js'
export { matrixCommand } from './matrix/matrix-command.js'
