import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'mock/**/*.test.ts', 'contracts/**/*.test.ts', 'evidence/**/*.test.ts', 'fixtures/**/*.test.ts', 'spec/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts', 'mcp/**/*.test.ts'],
    exclude: ['node_modules', 'dist'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs file after file in one module graph: the mock, the spec and the suite are loaded once per
    // worker instead of once per file (with a fresh process per file, start-up and imports were more than a
    // third of the run's CPU time). Test files keep no state in modules: each builds its own mocks, restores
    // what it changes in process.env or on console, and closes its servers (vitest restores spies per file).
    isolate: false,
    // vitest's default is one worker per core minus one: a single worker on a 2-core machine. Most files wait on
    // child processes, sockets or a browser, so two workers overlap those waits; more cores still get cores − 1.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // the summary line stays last: CI tools read the closing line
    reporters: ['default', './test/slowest-files-reporter.ts', './test/summary-reporter.ts'],
    globalSetup: ['./test/browser/global-setup.ts'],
    // measures each file's CPU time for the slowest-files report
    setupFiles: ['./test/cpu-time.ts'],
  },
})
