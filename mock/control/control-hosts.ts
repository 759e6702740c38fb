/**
 * Which `Host` headers the control plane answers (DNS rebinding protection, as Vite's `server.allowedHosts`):
 * a page on attacker.example whose name is re-pointed at 127.0.0.1 reaches the mock with
 * `Host: attacker.example`. Loopback names and IP addresses cannot be rebound; any other name must be
 * the one the mock was bound to or listed with `--allowed-host`.
 */

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '::ffff:127.0.0.1'])

/** Whether the mock bound to this host is reachable only from this machine. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase()
  return LOOPBACK_NAMES.has(name) || name.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
}

/** The host name of a Host header, without its port (`[::1]:4010` → `::1`). */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase()
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined)
  const colon = value.indexOf(':')
  return colon < 0 ? value : value.slice(0, colon)
}

const isIpAddress = (name: string): boolean => /^\d{1,3}(\.\d{1,3}){3}$/.test(name) || (name.includes(':') && /^[0-9a-f:.]+$/.test(name))

const ANY_INTERFACE: ReadonlySet<string> = new Set(['0.0.0.0', '::', '[::]'])

/** A check of Host headers for a mock bound to `boundHost`, with the user's `--allowed-host` entries. */
export function hostAllowList(boundHost: string, allowed: readonly string[]): (hostHeader: string | undefined) => boolean {
  const bound = hostName(boundHost)
  const exact = new Set(allowed.filter((h) => !h.startsWith('.')).map((h) => h.toLowerCase()))
  const suffixes = allowed.filter((h) => h.startsWith('.')).map((h) => h.toLowerCase())
  return (header) => {
    // HTTP/1.0 clients may omit it; a browser always sends it
    if (header === undefined || header === '') return true
    const name = hostName(header)
    if (name === 'localhost' || name.endsWith('.localhost') || isIpAddress(name)) return true
    if (name === bound && !ANY_INTERFACE.has(bound)) return true
    return exact.has(name) || suffixes.some((suffix) => name.endsWith(suffix) || name === suffix.slice(1))
  }
}
