import { startCli, type RunningCli } from './cli-process.js'

/** The mock's development application keys. */
export const APP = { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' }

/** One request to a spawned mock; the body parsed when it is JSON. */
export async function call(cli: RunningCli, method: string, path: string, body?: unknown, headers: Record<string, string> = APP) {
  const res = await fetch(`${cli.url}${path}`, {
    method,
    // a control call that changes the mock must not be a "simple" request (docs/mock-server.md, Security)
    headers: { ...headers, ...(body === undefined && !path.startsWith('/_mock/') ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  const json = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text
  return { status: res.status, body: json, headers: Object.fromEntries(res.headers) }
}

/** A spawned `promokit mock` that is listening (throws with its stderr when it did not start). */
export async function started(args: string[]): Promise<RunningCli> {
  const s = await startCli(args)
  if (!s.ok) throw new Error(`the mock did not start (exit ${s.code}): ${s.stderr}`)
  return s.cli
}

export async function stop(cli: RunningCli, signal: NodeJS.Signals = 'SIGTERM') {
  cli.proc.kill(signal)
  return cli.exited
}
