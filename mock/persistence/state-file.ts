import { randomUUID } from 'node:crypto'
import { open, readdir, readFile, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

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

const tempPrefix = (path: string): string => `.${basename(path)}.`

/**
 * Replaces the file atomically: the text goes to a temporary file in the same directory, is
 * fsynced, renamed over the target, and the directory is fsynced so the rename survives a crash.
 * A reader (or a restart after SIGKILL) sees the old file or the new one, never a torn one.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temp = join(dirname(path), `${tempPrefix(path)}${process.pid}.${randomUUID()}.tmp`)
  const file = await open(temp, 'w', 0o600)
  try {
    await file.writeFile(text, 'utf8')
    await file.sync()
  } finally {
    await file.close()
  }
  try {
    await rename(temp, path)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
  await syncDirectory(dirname(path))
}

async function syncDirectory(dir: string): Promise<void> {
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
  await Promise.all(names.filter((n) => n.startsWith(prefix) && n.endsWith('.tmp')).map((n) => unlink(join(dir, n)).catch(() => undefined)))
}
