/** `application/json; charset=utf-8` → `application/json`; undefined for a missing or empty header. */
export function mediaTypeOf(header: string | undefined | null): string | undefined {
  if (!header) return undefined
  const semi = header.indexOf(';')
  const type = (semi >= 0 ? header.slice(0, semi) : header).trim().toLowerCase()
  return type || undefined
}

/** Exact media type first, then `type/*`, then `*\/*`, as OpenAPI's content map resolution says (§4.8.14). */
export function findByMediaType<T>(map: ReadonlyMap<string, T>, type: string): T | undefined {
  return map.get(type) ?? map.get(`${type.slice(0, type.indexOf('/'))}/*`) ?? map.get('*/*')
}

export function isFormMediaType(type: string): boolean {
  return type.toLowerCase() === 'application/x-www-form-urlencoded'
}

export function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json')
}
