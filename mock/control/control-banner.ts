import type { MockConfig } from '../config.js'
import { CONTROL_TOKEN_HEADER } from './control-guard.js'

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
  ]
}
