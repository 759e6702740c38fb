import type * as fs from 'node:fs'

/** A disk that fills up on demand: while `full` is set, `writeSync` fails with ENOSPC as a full disk would. */
export const disk = { full: false }

/**
 * node:fs with that `writeSync`, for `vi.mock('node:fs', async (importOriginal) => (await import('…/full-disk.js')).withFullDisk(await importOriginal()))`.
 */
export function withFullDisk(real: typeof fs): typeof fs {
  const writeSync = (...args: unknown[]): number => {
    if (disk.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    return (real.writeSync as (...a: unknown[]) => number)(...args)
  }
  return { ...real, writeSync } as typeof fs
}
