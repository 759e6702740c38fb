interface Range { min: number; max: number; integer: boolean }
const int = (min: number, max = Number.MAX_SAFE_INTEGER): Range => ({ min, max, integer: true })

/**
 * The bounds of every numeric setting. A setting from code (createMock, createMockServer, the MSW handlers) is
 * held to the same range as its CLI flag and its control call: a generation rate of 1e-300 or 20,000 sandboxes
 * would otherwise break the mock later, far from the line that set it (issue 21).
 */
export const CONFIG_RANGES = {
  port: int(0, 65_535),
  seed: int(0),
  seedCampaigns: int(0, 1_000_000),
  // the control API's own range for PUT /_mock/generation-rate
  generationRate: { min: 0.001, max: 1e9, integer: false },
  latencyMs: int(0, 600_000),
  tokenTtlSeconds: int(1, 366 * 86_400),
  oauthTokensPerProject: int(1, 1_000_000),
  exportScheduledMs: int(0, 86_400_000),
  exportRunMs: int(0, 86_400_000),
  maxBodyBytes: int(1, 1024 ** 3),
  maxVouchersCount: int(1, 100_000_000),
  maxObjects: int(1, 100_000_000),
  // where GET /_mock/state still answers in under a second on a loaded 2-core machine (bench/state-at-cap.ts)
  maxSandboxes: int(0, 5_000),
  maxRedeemables: int(1, 30),
} as const satisfies Record<string, Range>

type NumericSetting = keyof typeof CONFIG_RANGES

/** A RangeError naming the first setting outside its range, before anything is built. */
export function checkConfigRanges(config: Readonly<Record<NumericSetting, unknown>>): void {
  for (const name of Object.keys(CONFIG_RANGES) as NumericSetting[]) {
    const value: unknown = config[name]
    const { min, max, integer } = CONFIG_RANGES[name]
    const fits = typeof value === 'number' && Number.isFinite(value) && (!integer || Number.isInteger(value)) && value >= min && value <= max
    if (!fits) throw new RangeError(`promokit: option ${name}: expected ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, got ${String(value)}`)
  }
}
