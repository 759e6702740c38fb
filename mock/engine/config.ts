import type { LevelWithSilent } from 'pino'
import { checkConfigRanges } from './config-ranges.js'
import type { RateLimitSetting } from './rate-limit/plans.js'

export interface ProjectCredentials {
  projectId: string
  projectName: string
  appId: string
  appToken: string
  /** Client-side keys (`X-Client-Application-Id`, `X-Client-Token`) for `/client/v1`: public, safe in a browser. */
  clientId?: string
  clientToken?: string
  /** Origins the client key may be used from (the `Origin` header); empty or absent: any. */
  clientOrigins?: string[]
}

export interface MockCredentials {
  /** One set of application keys per project; the first is the default project. */
  projects: ProjectCredentials[]
  management: { id: string; token: string }
}

/** Everything a running mock can be told at start; parsed once at the edge (CLI flags, createMockServer options). */
export interface MockConfig {
  host: string
  port: number
  /** A directory of fixture files replacing the bundled fixtures. */
  fixturesDir?: string
  /** Seed of the generated data (same seed, same data). */
  seed: number
  /** Extra realistic campaigns generated at start. */
  seedCampaigns: number
  /** Voucher codes generated per second; live-adjustable through the control API. */
  generationRate: number
  /** Latency added to every operation, in ms (per-operation values through the control API). */
  latencyMs: number
  logLevel: LevelWithSilent
  credentials: MockCredentials
  tokenTtlSeconds: number
  /**
   * Rate limits, off when absent: a plan of the real service (`free` 100/h, `startup` 1,000/h, `growth` 2,000/h,
   * `professional` 5,000/h, `business` 100/min, `organization` 2,000/min) or `N/h`, `N/min`; `/client/v1` then
   * also gets the real 5 requests per 5 s per address. CLI `--rate-limit`.
   */
  rateLimit?: RateLimitSetting
  /** Active OAuth tokens a project may hold (the real service: 1000). */
  oauthTokensPerProject: number
  exportScheduledMs: number
  exportRunMs: number
  maxBodyBytes: number
  maxVouchersCount: number
  /** Objects clients may create per project and kind (campaigns, categories, exports, redemptions) and tokens in all. */
  maxObjects: number
  /** Sandboxes that may exist at once (each a whole project built from the fixtures); CLI `--max-sandboxes`. */
  maxSandboxes: number
  /** `manual`: time moves only when told (tests); `system`: wall clock plus control-API advances. */
  clock: 'system' | 'manual'
  /** Origins browsers may call from (CORS, credentials included); empty: any origin, echoed. The control plane has its own list. */
  corsOrigins: string[]
  /** Origins besides the mock's own whose pages may read and drive the control plane and console (`--control-origin`). */
  controlOrigins: string[]
  /** Host names the control plane and console answer besides loopback names, IP addresses and the bound host (`--allowed-host`; `.example.com` takes subdomains too). */
  allowedHosts: string[]
  /** When set, every control request needs it (`X-Promokit-Control-Token`); bound to anything but loopback, one is generated if none is given. */
  controlToken?: string
  /** Redeemables per validation/redemption call: the API description's 5 by default, the real service's 30 at most. */
  maxRedeemables: number
  /**
   * The answer caches (list pages, list views, validated queries). Off only to prove they change
   * nothing: the differential test runs the same operations with them on and off.
   */
  caches: boolean
}

export type MockConfigInput = Partial<Omit<MockConfig, 'credentials'>> & { credentials?: Partial<MockCredentials> }

export const DEFAULT_CREDENTIALS: MockCredentials = {
  projects: [
    {
      projectId: 'proj_demo0001',
      projectName: 'Demo Project',
      appId: 'promokit-app-id',
      appToken: 'promokit-app-token',
      clientId: 'promokit-client-id',
      clientToken: 'promokit-client-token',
    },
    {
      projectId: 'proj_demo0002',
      projectName: 'Second Project',
      appId: 'promokit-app-id-2',
      appToken: 'promokit-app-token-2',
      clientId: 'promokit-client-id-2',
      clientToken: 'promokit-client-token-2',
    },
  ],
  management: { id: 'promokit-management-id', token: 'promokit-management-token' },
}

/** Fills every missing setting with its default. */
export function resolveConfig(input: MockConfigInput = {}): MockConfig {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as MockConfigInput
  const config: MockConfig = {
    host: '127.0.0.1',
    port: 4010,
    seed: 42,
    seedCampaigns: 0,
    generationRate: 1000,
    latencyMs: 0,
    // the test helpers (createMockServer, createTestApp) pass 'silent'; configuration never reads the environment
    logLevel: 'info',
    tokenTtlSeconds: 900,
    oauthTokensPerProject: 1000,
    exportScheduledMs: 1000,
    exportRunMs: 2000,
    maxBodyBytes: 1024 * 1024,
    maxVouchersCount: 1_000_000,
    maxObjects: 1_000_000,
    maxSandboxes: 100,
    clock: 'system',
    maxRedeemables: 5,
    caches: true,
    ...defined,
    corsOrigins: [...(defined.corsOrigins ?? [])],
    controlOrigins: [...(defined.controlOrigins ?? [])],
    allowedHosts: [...(defined.allowedHosts ?? [])],
    credentials: {
      projects: (defined.credentials?.projects ?? DEFAULT_CREDENTIALS.projects).map((p) => ({ ...p, ...(p.clientOrigins ? { clientOrigins: [...p.clientOrigins] } : {}) })),
      management: { ...(defined.credentials?.management ?? DEFAULT_CREDENTIALS.management) },
    },
  }
  checkConfigRanges(config)
  return config
}
