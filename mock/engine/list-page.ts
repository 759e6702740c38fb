/** `limit`/`page` as the list operations take them (the spec gives the bounds and defaults). */
export interface PageQuery {
  limit?: number
  page?: number
}

/** The spec's default page size for every list operation. */
export const DEFAULT_LIMIT = 10

/** Where page `page` of `limit` items starts and ends (page 1 first, 10 per page unless asked otherwise). */
export function pageWindow(query: PageQuery = {}): { limit: number; page: number; start: number; end: number } {
  const limit = query.limit ?? DEFAULT_LIMIT
  const page = query.page ?? 1
  return { limit, page, start: (page - 1) * limit, end: page * limit }
}

/** One page of `items`; past the end it is empty. */
export function pageOf<T>(items: readonly T[], query: PageQuery = {}): T[] {
  const { start, end } = pageWindow(query)
  return items.slice(start, end)
}

/** Cursor paging: `limit` items from index `from` of an ordered list, and whether any follow. */
export function cursorPage<T>(sorted: readonly T[], from: number, limit = DEFAULT_LIMIT): { data: T[]; hasMore: boolean } {
  return { data: sorted.slice(from, from + limit), hasMore: from + limit < sorted.length }
}
