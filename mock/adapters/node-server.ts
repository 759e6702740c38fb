import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Logger } from 'pino'
import type { IdSource } from '../../src/ids.js'
import type { MockAppOptions } from './express-app.js'
import { createMockListener } from './node-listener.js'
import type { MockConfigInput, ProjectCredentials } from '../engine/config.js'
import { createMock, type Mock, type MockControl } from '../create-mock.js'
import { createMockDeps, type MockDeps } from './node-deps.js'
import { drainServer } from './http-drain.js'

export interface MockServerOptions extends MockConfigInput, MockAppOptions {
  /** `manual` (default): time moves only through advance()/finishJobs(); `system`: wall clock plus advances. */
  clock?: 'manual' | 'system'
  ids?: IdSource
  logger?: Logger
}

export interface MockServerCredentials {
  /** Project A's application keys (the default project). */
  appId: string
  appToken: string
  projectId: string
  managementId: string
  managementToken: string
  /** Project A's client-side keys (`/client/v1`), when it has them. */
  clientId?: string
  clientToken?: string
  projects: ProjectCredentials[]
}

export interface MockServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:53122 */
  url: string
  credentials: MockServerCredentials
  deps: MockDeps
  /** The mock behind the listener: `handle(Request)` answers without the network, `control` as below. */
  mock: Mock
  /** Restores the fixtures and the clock's start; clears sandboxes, tokens, faults, latency and the request journal. */
  reset: MockControl['reset']
  advance: MockControl['advance']
  /** Moves the clock past every pending generation and export; returns the ms moved. */
  finishJobs: MockControl['finishJobs']
  close(): Promise<void>
}

/**
 * Starts the mock in-process on 127.0.0.1 and a free port, for a test suite of your own.
 * @example
 * const mock = await createMockServer()
 * const client = VoucherifyServerSide({ applicationId: mock.credentials.appId, secretKey: mock.credentials.appToken, apiUrl: mock.url })
 * await mock.close()
 */
export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { handlers, control, validateHandlers, ids, logger, ...config } = options
  const deps = await createMockDeps({ port: 0, logLevel: 'silent', ...config, clock: options.clock ?? 'manual' }, { ids, logger })
  const mock = createMock(deps, { handlers, control, validateHandlers, site: true })
  const server = await listen(createMockListener(mock), deps.config.host, deps.config.port)
  const { port } = server.address() as AddressInfo
  const host = deps.config.host.includes(':') ? `[${deps.config.host}]` : deps.config.host
  const [a] = deps.config.credentials.projects
  const { management } = deps.config.credentials
  return {
    url: `http://${host}:${port}`,
    credentials: {
      appId: a.appId,
      appToken: a.appToken,
      projectId: a.projectId,
      managementId: management.id,
      managementToken: management.token,
      clientId: a.clientId,
      clientToken: a.clientToken,
      projects: deps.config.credentials.projects.map((p) => ({ ...p })),
    },
    deps,
    mock,
    reset: mock.control.reset,
    advance: mock.control.advance,
    finishJobs: mock.control.finishJobs,
    close: () => {
      // requests a hang fault holds would keep the server open for the whole grace period
      deps.faults.releaseHeld()
      return closeServer(server)
    },
  }
}

/**
 * Limits for slow or stalled clients (a slowloris holds sockets by sending headers a byte at a
 * time): headers must arrive within 10 s, the whole request within 30 s, and an idle keep-alive
 * socket is closed after 5 s. Oversized headers get Node's 431 (maxHeaderSize, 16 KiB).
 */
export const SERVER_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 }

export function listen(app: RequestListener, host: string, port: number, timeouts: Partial<typeof SERVER_TIMEOUTS> = {}): Promise<Server> {
  return new Promise((resolve, reject) => {
    const limits = { ...SERVER_TIMEOUTS, ...timeouts }
    // Node checks the header/request deadlines on this interval (30 s by default, too coarse for short limits).
    const connectionsCheckingInterval = Math.max(100, Math.min(1_000, limits.headersTimeout / 2))
    const server = createServer({ headersTimeout: limits.headersTimeout, requestTimeout: limits.requestTimeout, connectionsCheckingInterval }, app)
    server.keepAliveTimeout = limits.keepAliveTimeout
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}

/** The one way a listener is stopped, shared with the CLI's shutdown (in-flight requests finish first). */
export const closeServer = drainServer
