import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Command } from 'commander'
import { CliError, USAGE_ERROR } from '../src/cli/cli-error.js'
import { envValue, integerOption } from '../src/cli/options.js'
import { specPath } from '../src/paths.js'

export interface ProxyOptions {
  target: string
  port: number
  host: string
  /** Prism answers a violating exchange with an error instead of passing it through. */
  errors?: boolean
  stdio?: 'inherit' | 'pipe'
}

/** The Prism version range promokit is tested with (its optional peer dependency). */
export const PRISM_RANGE = '^5.14.2'

/**
 * The Prism CLI entry (its package's `bin`). Prism is an optional peer dependency: a team that never runs
 * the proxy does not install its ~100 packages, and one that does is told how (exit 2, nothing started).
 */
export function prismEntry(require: NodeJS.Require = createRequire(import.meta.url)): string {
  let manifest: string
  try {
    manifest = require.resolve('@stoplight/prism-cli/package.json')
  } catch {
    throw new CliError(
      USAGE_ERROR,
      `promokit proxy runs Prism, an optional peer dependency that is not installed. Install it next to promokit: npm install --save-dev @stoplight/prism-cli@${PRISM_RANGE}`,
    )
  }
  const bin = (require(manifest) as { bin: string | Record<string, string> }).bin
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin.prism)
}

/**
 * Starts Prism's validation proxy with our spec in front of `target`: every request and response passing
 * through is checked, violations are logged and reported in the `sl-violations` response header.
 */
export function startProxy(options: ProxyOptions): ChildProcess {
  const args = [prismEntry(), 'proxy', specPath(), options.target, '--port', String(options.port), '--host', options.host]
  if (options.errors) args.push('--errors')
  return spawn(process.execPath, args, { stdio: options.stdio ?? 'inherit' })
}

/** `promokit proxy --target <url>`: a second, independent engine (Prism) validating live traffic. */
export function proxyCommand(env: NodeJS.ProcessEnv = process.env): Command {
  return new Command('proxy')
    .description("run Prism's validation proxy with promokit's spec in front of a deployment; route a client through it to see violations")
    .requiredOption('--target <url>', 'the deployment to forward to, e.g. https://staging.example.com')
    .option('--port <n>', 'port to listen on (env PROMOKIT_PROXY_PORT)', integerOption(0, 65_535), Number(envValue(env, 'PROMOKIT_PROXY_PORT') ?? 4020))
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--errors', 'answer violating exchanges with an error instead of passing them through')
    .action(async (flags: { target: string; port: number; host: string; errors?: boolean }) => {
      if (!/^https?:\/\/[^/]/.test(flags.target)) throw new CliError(USAGE_ERROR, `--target must be an http(s) URL, got "${flags.target}"`)
      const child = startProxy({ ...flags, stdio: 'inherit' })
      const forward = (signal: NodeJS.Signals) => () => child.kill(signal)
      const onInt = forward('SIGINT')
      const onTerm = forward('SIGTERM')
      process.on('SIGINT', onInt).on('SIGTERM', onTerm)
      const code = await new Promise<number>((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 0 : 1))))
      process.off('SIGINT', onInt).off('SIGTERM', onTerm)
      if (code !== 0) throw new CliError(code, `prism proxy exited with code ${code}`)
    })
}
