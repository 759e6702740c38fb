/** `limit`/`page` as the list operations take them (the spec gives the bounds and defaults). */
export interface PageQuery {
  limit?: number
  page?: number
}

/** One page of `items` (page 1 first, 10 per page unless asked otherwise); past the end it is empty. */
export function pageOf<T>(items: readonly T[], query: PageQuery = {}): T[] {
  const limit = query.limit ?? 10
  const page = query.page ?? 1
  return items.slice((page - 1) * limit, page * limit)
}
