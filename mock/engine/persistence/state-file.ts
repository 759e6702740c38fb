import { open, readdir, readFile, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import writeFileAtomicLib from 'write-file-atomic'

/** A state file that cannot be used; start-up stops (exit 2) rather than replacing it. */
export class StateFileError extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`state file ${path}: ${problem}`)
    this.name = 'StateFileError'
  }
}

const tempPrefix = (path: string): string => `${basename(path)}.`

/**
 * Replaces the file atomically with write-file-atomic (a temporary file in the same directory,
 * written, fsynced and renamed over the target: npm's own, kept for a decade), then fsyncs the
 * directory so the rename itself survives a power loss. A reader (or a restart after SIGKILL)
 * sees the old file or the new one, never a torn one.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  await writeFileAtomicLib(path, text, { encoding: 'utf8', mode: 0o600, fsync: true })
  await syncDirectory(dirname(path))
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined)
  if (!handle) return
  // Some file systems refuse fsync on a directory; the rename is then as durable as they make it.
  await handle.sync().catch(() => undefined)
  await handle.close()
}

/** The parsed file, or undefined when there is none yet (the first save creates it). */
export async function readStateText(path: string): Promise<unknown | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    throw new StateFileError(path, `cannot be read (${code ?? (error as Error).message})`)
  }
  if (text.trim() === '') throw new StateFileError(path, 'is empty (not a promokit state file); move it away or delete it to start fresh')
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new StateFileError(path, `is not valid JSON (${(error as Error).message}); move it away or delete it to start fresh`)
  }
}

/** Temporary files a killed process left behind (never the state file itself). */
export async function removeStaleTemps(path: string): Promise<void> {
  const dir = dirname(path)
  const names = await readdir(dir).catch(() => [] as string[])
  const prefix = tempPrefix(path)
  // write-file-atomic names its temporary files `<name>.<number>`
  const isTemp = (n: string): boolean => n.startsWith(prefix) && /^\d+$/.test(n.slice(prefix.length))
  await Promise.all(names.filter(isTemp).map((n) => unlink(join(dir, n)).catch(() => undefined)))
}
