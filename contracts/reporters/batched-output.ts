/** The longest a line waits to be written together with the lines after it. */
export const BATCH_MS = 100

interface Output {
  write(text: string): unknown
}

/** Runs `flush` after `ms`; returns what cancels it. */
export type Timer = (flush: () => void, ms: number) => () => void

export interface BatchedOutput {
  write(text: string): void
  /** Writes what is waiting now (the end of a run; the process exiting). */
  flush(): void
}

/**
 * Text written at most every `everyMs`, in order. A run against a nearby target ends a check every few
 * milliseconds, and each line on its own was a system call on stdout (a pipe, a terminal: synchronous in
 * Node) that wakes its reader, on a machine the run shares with its target: ~200 writes, 80-140 ms of a 3 s
 * run (issue 25). A person still sees each line as it comes, a tenth of a second later at most.
 */
export function batchedOutput(out: Output, options: { everyMs?: number; timer?: Timer } = {}): BatchedOutput {
  const timer = options.timer ?? unrefTimeout
  const every = options.everyMs ?? BATCH_MS
  let pending = ''
  let cancel: (() => void) | undefined
  const flush = (): void => {
    cancel?.()
    cancel = undefined
    if (pending === '') return
    const text = pending
    pending = ''
    out.write(text)
  }
  return {
    write(text) {
      pending += text
      cancel ??= timer(flush, every)
    },
    flush,
  }
}

/**
 * `run` with `io.stdout` batched, everything flushed when it ends (returns or throws) or when the process exits
 * during it (a second Ctrl-C), so no line is lost and none comes after the command's error message.
 */
export async function withBatchedStdout<I extends { stdout: Output }, T>(io: I, run: (batched: I) => Promise<T>, proc: NodeJS.Process = process): Promise<T> {
  const stdout = batchedOutput(io.stdout)
  proc.once('exit', stdout.flush)
  try {
    return await run({ ...io, stdout })
  } finally {
    proc.off('exit', stdout.flush)
    stdout.flush()
  }
}

const unrefTimeout: Timer = (flush, ms) => {
  const timeout = setTimeout(flush, ms)
  timeout.unref()
  return () => clearTimeout(timeout)
}
