import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'mock/**/*.test.ts', 'contracts/**/*.test.ts', 'evidence/**/*.test.ts', 'fixtures/**/*.test.ts', 'spec/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts', 'mcp/**/*.test.ts'],
    exclude: ['node_modules', 'dist'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/summary-reporter.ts'],
  },
})
