import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const FOLDERS = ['src', 'mock', 'contracts', 'evidence', 'fixtures', 'spec', 'test', 'bench', 'mcp']
/** Test files that replace a module with vi.mock (node:fs with a disk that fills up on demand). */
const MOCKS_MODULES = ['evidence/har/har-writer.test.ts', 'evidence/record/record-command.test.ts']

const perFile = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // measures each file's CPU time for the slowest-files report
  setupFiles: ['./test/cpu-time.ts'],
}

export default defineConfig({
  test: {
    pool: 'forks',
    // vitest's default is one worker per core minus one: a single worker on a 2-core machine. Many files wait on
    // child processes, sockets or a browser, so three workers overlap those waits with the CPU-bound files (the 28
    // slowest files on 2 shared cores: 328 s with two workers, 271 s with three); more cores still get cores − 1.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // the summary line stays last: CI tools read the closing line
    reporters: ['default', './test/slowest-files-reporter.ts', './test/summary-reporter.ts'],
    globalSetup: ['./test/browser/global-setup.ts'],
    projects: [
      {
        test: {
          ...perFile,
          name: 'shared',
          include: FOLDERS.map((folder) => `${folder}/**/*.test.ts`),
          exclude: ['node_modules', 'dist', ...MOCKS_MODULES],
          // A worker runs file after file in one module graph: the mock, the spec and the suite are loaded once per
          // worker instead of once per file (with a fresh process per file, start-up and imports were more than a
          // third of the run's CPU time). Test files keep no state in modules: each builds its own mocks, restores
          // what it changes in process.env or on console, and closes its servers (vitest restores spies per file).
          isolate: false,
        },
      },
      // vi.mock replaces a module for the files that import it afterwards: in a shared module graph another
      // file may have imported the real one first, so these files get a module graph of their own.
      { test: { ...perFile, name: 'isolated', include: MOCKS_MODULES, isolate: true } },
    ],
  },
})
