// Bundled in place of `import fc from 'fast-check'` by bin/bundle-cli.js (the CLI only; the sources and the
// library entries import fast-check itself). Loading fast-check costs ~35 ms of main-thread CPU, which a contract
// run without --generate paid before its first check, yet it builds its checks without it (only the invalid-request
// checks of an operation without a documented example sample a request, as they run): it loads, synchronously and
// from the same package, the first time one of its functions is asked for.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
let loaded
const fastCheck = () => (loaded ??= require('fast-check'))

export default new Proxy(Object.create(null), {
  get: (_, key) => fastCheck()[key],
  has: (_, key) => key in fastCheck(),
  ownKeys: () => Reflect.ownKeys(fastCheck()),
  getOwnPropertyDescriptor: (_, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(fastCheck(), key)
    return descriptor && { ...descriptor, configurable: true }
  },
})
