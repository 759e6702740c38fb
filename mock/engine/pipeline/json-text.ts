/**
 * Response bodies that carry their own JSON text. A list of 10 campaigns is ~9 KB of JSON; building
 * and serialising those views on every request was a third of the list's CPU time (bench profile
 * list-10k). Stores keep a view with its text while the campaign does not change, and writeResult
 * writes the text instead of serialising again.
 *
 * The text rides on a non-enumerable symbol property: JSON.stringify, structuredClone, Object.keys,
 * Ajv and test equality all ignore it, so a body with text is still an ordinary JSON value. Anything
 * that changes a body (response faults) works on a structuredClone, which drops the text.
 */
const TEXT = Symbol('promokit.jsonText')

type Carrier = { [TEXT]?: string }

/** Freezes `value` (deeply: it is shared between responses, so its text must not go stale) and attaches its JSON text. */
export function withJsonText<T extends object>(value: T, text: string = JSON.stringify(value)): T {
  Object.defineProperty(value, TEXT, { value: text, enumerable: false })
  deepFreeze(value)
  return value
}

export function jsonTextOf(value: unknown): string | undefined {
  return value !== null && typeof value === 'object' ? (value as Carrier)[TEXT] : undefined
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return
  Object.freeze(value)
  for (const child of Object.values(value)) deepFreeze(child)
}
