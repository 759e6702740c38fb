// The contract helper's commands, added to the `promokit` program by the root cli.ts.
export { contractCommand } from './contract-command.js'
export { driftCommand } from './drift-command.js'
export { proxyCommand } from './proxy-command.js'
