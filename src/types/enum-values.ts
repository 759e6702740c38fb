/**
 * Every value of a string union at run time, in the order the record names them. The record must name each
 * value once, so a value the union gains or loses (a spec change, through the generated types) fails the
 * type check where the record is written, instead of leaving a stale list.
 * @example enumValues<'a' | 'b'>({ a: true, b: true }) // ['a', 'b']
 */
export const enumValues = <T extends string>(record: Record<T, true>): readonly T[] => Object.keys(record) as T[]
