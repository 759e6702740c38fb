/**
 * The part of qs the mock uses. Declared here rather than taken from @types/qs because these types end
 * up in the published .d.ts files, and a consumer compiling them must not need @types/qs installed.
 */
export interface QsParser {
  parse(text: string, options?: { allowPrototypes?: boolean }): Record<string, unknown>
}

/** qs, handed in: the platform-neutral core imports it (mock/adapters/portable.ts), Node loads it when a request first needs it. */
export type LoadQs = () => QsParser

// Brackets (raw or percent-encoded) mean nested qs syntax: `filters[name][conditions][$in][0]=x`.
const NESTED = /[[\]]|%5[bd]/i
// qs reads at most this many `&`-separated parts (its parameterLimit).
const PARAMETER_LIMIT = 1000

const extended = (query: string, qs: LoadQs): Record<string, unknown> => qs().parse(query, { allowPrototypes: true })

/**
 * Express's "extended" query parser (qs), with a fast path for flat query strings such as
 * `limit=10&page=2`, which are most requests: qs.parse was 5% of a list request's CPU (bench profile
 * list-10k). Anything the fast path does not reproduce exactly (nesting, a repeated key, which qs
 * turns into an array, or past qs's parameter limit) goes to qs itself.
 */
export function parseQuery(query: string | null | undefined, qs: LoadQs): Record<string, unknown> {
  if (!query) return {}
  if (NESTED.test(query)) return extended(query, qs)
  const parts = query.split('&')
  if (parts.length > PARAMETER_LIMIT) return extended(query, qs)
  const out: Record<string, string> = {}
  for (const part of parts) {
    if (part === '') continue
    const eq = part.indexOf('=')
    const key = decode(eq === -1 ? part : part.slice(0, eq))
    // qs drops an empty name and `__proto__` (which would otherwise replace the object's prototype)
    if (key === '' || key === '__proto__') continue
    if (Object.hasOwn(out, key)) return extended(query, qs)
    out[key] = eq === -1 ? '' : decode(part.slice(eq + 1))
  }
  return out
}

/** qs's decoder: `+` is a space, and a malformed escape stays as sent. */
function decode(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text
  if (!spaced.includes('%')) return spaced
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced
  }
}
