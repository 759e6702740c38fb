import type { MockConfig } from '../engine/config.js'
import { CONTROL_TOKEN_HEADER } from './control-guard.js'
import { isLoopbackHost } from './control-hosts.js'

/** The banner's lines about the control plane: where it is, who may drive it, and its token when it has one. */
export function controlBanner(config: MockConfig, url: string): string[] {
  const token = config.controlToken
  const origins = config.controlOrigins.length > 0 ? `this server's pages and ${config.controlOrigins.join(', ')}` : "this server's pages only (--control-origin adds one)"
  const hosts = ['loopback names', 'IP addresses', ...config.allowedHosts].join(', ')
  return [
    `Control API: ${url}/_mock (reset, state, clock, jobs/finish, faults, latency, generation-rate, requests)`,
    `Console: ${url}/_mock/ui${token ? `?token=${token}` : ''} (API reference with try it, state, request journal)`,
    `Control plane: browsers from ${origins}; Host: ${hosts}`,
    ...(token ? [`Control token: ${token} (send it as ${CONTROL_TOKEN_HEADER}: <token> on every /_mock call)`] : []),
    // the rule a script meets first: a bare `curl -X POST` is refused (control-guard.ts, isSimple)
    `Calls that change the mock need a JSON content type or an X- header: curl -X POST -H 'Content-Type: application/json'${token ? ` -H '${CONTROL_TOKEN_HEADER}: ${token}'` : ''} ${url}/_mock/reset`,
  ]
}

/** `promokit mock --help`'s note on the control API: the rule a script meets first. */
export const CONTROL_HELP = `
Control API (/_mock): a POST, PUT or DELETE must send Content-Type: application/json (a JSON body or none)
or an X- header, or it is a 403 (no form or no-cors page can send either; docs/mock-server.md, Security):
  curl -X POST -H 'Content-Type: application/json' http://127.0.0.1:4010/_mock/reset`

/** Bound beyond loopback, the banner says so first: the keys it prints are then everyone's on the network. */
export function exposureWarning(host: string): string[] {
  if (isLoopbackHost(host)) return []
  return [
    '',
    `WARNING: --host ${host} makes the mock reachable from other machines. Anyone who can reach this port can call`,
    '  the API with the keys below; the control API and console need the control token (see "Control token").',
    '  Bind to 127.0.0.1 (the default) unless other machines must reach it.',
  ]
}
