import { isRedacted } from '../har/redact.js'

// Values the new target makes up for itself: a campaign's id, a generated code, a download URL, a cursor, and
// a validation session's key (`session.key`; `key` elsewhere is an error's key, the same on every target).
const THREADED_KEY = /^(?:id|code|url|more_starting_after|(?!request_)[a-z_]*_id)$/
const threaded = (key: string, parent: string): boolean => THREADED_KEY.test(key) || (key === 'key' && parent === 'session')
const MIN_LENGTH = 4

/**
 * The ids a replay threads: what the recording's target returned, mapped to what the new target returns at
 * the same place of the same answer. Later requests then carry the new values: the campaign created in the
 * recording is the campaign created now. A redacted access token maps to the token the new target issued.
 */
export class IdThreads {
  readonly #map = new Map<string, string>()
  /** The mapped values a later request carried, in the order first used (the replay report lists them). */
  readonly used = new Map<string, string>()
  /** The last access token the new target issued (the recording's are redacted). */
  bearer?: string

  learn(recorded: unknown, now: unknown, key = '', parent = ''): void {
    if (typeof recorded === 'string' && typeof now === 'string') {
      if (key === 'access_token' && isRedacted(recorded)) this.bearer = now
      else if (threaded(key, parent) && recorded !== now && recorded.length >= MIN_LENGTH && !isRedacted(recorded)) this.#map.set(recorded, now)
      return
    }
    if (Array.isArray(recorded) && Array.isArray(now)) {
      for (let i = 0; i < Math.min(recorded.length, now.length); i++) this.learn(recorded[i], now[i], key, parent)
      return
    }
    if (isObject(recorded) && isObject(now)) {
      for (const name of Object.keys(recorded)) if (Object.hasOwn(now, name)) this.learn(recorded[name], now[name], name, key)
    }
  }

  /** Every threaded value in `text` replaced (longest first, so an id never replaces part of a longer one), also URL-encoded. */
  apply(text: string): string {
    let out = text
    for (const [from, to] of [...this.#map].sort((a, b) => b[0].length - a[0].length)) {
      if (out.includes(from)) this.used.set(from, to)
      out = out.split(from).join(to)
      const encoded = encodeURIComponent(from)
      if (encoded !== from) out = out.split(encoded).join(encodeURIComponent(to))
    }
    return out
  }

  get size(): number {
    return this.#map.size
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
