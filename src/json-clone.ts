/**
 * A deep copy of a parsed-JSON value (objects, arrays, strings, numbers, booleans, null). Unlike
 * structuredClone, which serialises, it shares the strings (immutable anyway): a stored campaign
 * keeps no second copy of every word of its request, and copying a small body costs several times
 * less (listCampaigns copies a few values per campaign per request).
 * A `__proto__` key stays an own property, as JSON.parse and structuredClone leave it.
 */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(cloneJson) as T
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const item = cloneJson((value as Record<string, unknown>)[key])
    if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true })
    else out[key] = item
  }
  return out as T
}
