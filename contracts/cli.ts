// The contract helper's commands, added to the `promokit` program by the root cli.ts.
export { contractCommand } from './contract-command.js'
export { proxyCommand } from './proxy-command.js'
