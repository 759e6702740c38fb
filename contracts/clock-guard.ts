import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Who may move the mock's clock, and when. Checks that wait move it (polls, `ctx.wait`); a check that holds
 * something on the target's clock (a session lock with a TTL) must not see it move meanwhile. Instead of that
 * check running alone for its whole length (set-up included), it holds the clock only around the requests
 * that depend on it: other checks keep running, and a move they ask for meanwhile waits until the hold ends.
 * The holder's own moves go through. On a deployment nobody moves its clock, so a hold costs nothing there.
 */
export class ClockGuard {
  readonly #holder = new AsyncLocalStorage<symbol>()
  #held: { owner: symbol; released: Promise<void> } | undefined
  readonly #moving = new Set<Promise<void>>()

  constructor(
    private readonly move: (ms: number) => Promise<void>,
    private readonly movable: boolean,
  ) {}

  /** Lets `ms` pass: waits first while another check holds the clock. */
  readonly wait = async (ms: number): Promise<void> => {
    while (this.#held && this.#held.owner !== this.#holder.getStore()) await this.#held.released
    const moving = this.move(ms)
    const tracked = moving.then(() => undefined, () => undefined)
    this.#moving.add(tracked)
    try {
      await moving
    } finally {
      this.#moving.delete(tracked)
    }
  }

  /** Runs `fn` with nobody else moving the clock: after the moves already under way, before any new one. */
  async hold<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.movable) return fn()
    const owner = Symbol('clock holder')
    while (this.#held) await this.#held.released
    let release!: () => void
    this.#held = { owner, released: new Promise<void>((resolve) => (release = resolve)) }
    try {
      await Promise.all(this.#moving)
      return await this.#holder.run(owner, fn)
    } finally {
      this.#held = undefined
      release()
    }
  }
}
