import type { Server } from 'node:http'

/**
 * Stops accepting connections and lets in-flight requests finish: keep-alive sockets are closed as
 * soon as they fall idle, and whatever is still open after `graceMs` is cut so a stuck client
 * cannot hold the shutdown (and the final state save) forever.
 */
export function drainServer(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const idle = setInterval(() => server.closeIdleConnections(), 50)
    const cut = setTimeout(() => server.closeAllConnections(), graceMs)
    server.close((error) => {
      clearInterval(idle)
      clearTimeout(cut)
      if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error)
      else resolve()
    })
    server.closeIdleConnections()
  })
}
