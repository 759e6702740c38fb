import { describe, expect, it } from 'vitest'
import { createMockServer } from '../adapters/node-server.js'
import { resolveConfig } from './config.js'
import { CONFIG_RANGES } from './config-ranges.js'

describe('settings from code are held to the same ranges as the CLI flags (issue 21 §2)', () => {
  it('accepts the defaults and both ends of every range', () => {
    expect(() => resolveConfig()).not.toThrow()
    for (const [name, { min, max }] of Object.entries(CONFIG_RANGES)) {
      expect(() => resolveConfig({ [name]: min }), name).not.toThrow()
      expect(() => resolveConfig({ [name]: max }), name).not.toThrow()
    }
  })

  it.each([
    ['generationRate', 1e-300],
    ['maxSandboxes', 20_000],
    ['latencyMs', -1],
    ['maxRedeemables', 2.5],
    ['port', Number.NaN],
    ['tokenTtlSeconds', Number.POSITIVE_INFINITY],
  ])('refuses %s = %s with an error naming the option and its range', (name, value) => {
    const { min, max } = CONFIG_RANGES[name as keyof typeof CONFIG_RANGES]
    expect(() => resolveConfig({ [name]: value })).toThrow(new RangeError(`promokit: option ${name}: expected ${name === 'generationRate' ? 'a number' : 'an integer'} from ${min} to ${max}, got ${String(value)}`))
  })

  it('stops createMockServer before anything is built or listens', async () => {
    await expect(createMockServer({ generationRate: 1e-300 })).rejects.toThrow(/option generationRate/)
  })
})
