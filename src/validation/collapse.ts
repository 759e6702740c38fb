import type { ErrorObject, ValidateFunction } from 'ajv'

/**
 * Where the validators came from: branches are compiled (once, cached) on demand, by Ajv or found among
 * the precompiled ones; `schemaOf` gives a registered schema by its id (a `$ref` target).
 */
export interface SchemaSource {
  compile(schema: object): ValidateFunction
  schemaOf(id: string): unknown
}

const COMBINATORS: ReadonlySet<string> = new Set(['oneOf', 'anyOf'])

/**
 * With allErrors, a failed oneOf/anyOf reports every branch's errors and then "must match exactly one
 * schema". A person wants the errors of the branch they meant, so each combinator's errors are replaced by
 * those of its best branch. Branches are told apart by running each one again on the value (verbose errors
 * carry it): Ajv appends branch errors right before the combinator's own, so the branches' error counts
 * mark exactly which preceding errors are theirs, even across `$ref`s, where schemaPath restarts.
 */
export function collapseCombinators(errors: readonly ErrorObject[], ajv: SchemaSource): readonly ErrorObject[] {
  let current = errors
  // The last unresolved combinator cannot sit inside another one: an enclosing combinator reports after it.
  for (let i = current.length - 1; i >= 0; i--) {
    const error = current[i]
    if (!COMBINATORS.has(error.keyword) || !Array.isArray(error.schema)) continue
    const replaced = collapseAt(current, i, ajv)
    if (!replaced) continue
    current = replaced.errors
    i = replaced.resumeAt
  }
  return current
}

function collapseAt(errors: readonly ErrorObject[], index: number, ajv: SchemaSource) {
  const combinator = errors[index]
  const here = combinator.instancePath
  const branches = (combinator.schema as unknown[]).map((branch) => rerun(branch, combinator.data, here, ajv))
  if (branches.some((b) => b === undefined)) return undefined
  const lists = branches as ErrorObject[][]
  const start = index - lists.reduce((n, list) => n + list.length, 0)
  if (start < 0 || !errors.slice(start, index).every((e) => e.instancePath === here || e.instancePath.startsWith(`${here}/`))) {
    return undefined
  }
  // A branch without errors means several matched (oneOf): only "must match exactly one schema" is useful.
  if (lists.some((list) => list.length === 0)) {
    // Resume before the combinator: it stays, and visiting it again would replace it by itself forever.
    return { errors: [...errors.slice(0, start), combinator, ...errors.slice(index + 1)], resumeAt: start }
  }
  const chosen = bestBranch(lists, here)
  const next = [...errors.slice(0, start), ...chosen, ...errors.slice(index + 1)]
  // Resume right after the inserted errors, so nested combinators among them are visited next.
  return { errors: next, resumeAt: start + chosen.length }
}

function rerun(branch: unknown, data: unknown, here: string, ajv: SchemaSource): ErrorObject[] | undefined {
  if (typeof branch === 'boolean') return branch ? [] : undefined
  if (typeof branch !== 'object' || branch === null) return undefined
  const validate = ajv.compile(branch)
  if (validate(data)) return []
  return (validate.errors ?? []).map((e) => ({ ...e, instancePath: here + e.instancePath }))
}

/** Prefers a branch of the right type whose const/enum "tag" properties match, then the one with fewest errors. */
function bestBranch(branches: ErrorObject[][], here: string): ErrorObject[] {
  const score = (list: ErrorObject[]) => {
    const wrongType = list.some((e) => e.keyword === 'type' && e.instancePath === here) ? 1 : 0
    const wrongTag = list.some((e) => isTagMismatch(e, here)) ? 1 : 0
    return wrongType * 1e6 + wrongTag * 1e3 + list.length
  }
  return branches.reduce((best, list) => (score(list) < score(best) ? list : best))
}

function isTagMismatch(e: ErrorObject, here: string): boolean {
  if (e.keyword !== 'const' && e.keyword !== 'enum') return false
  return e.instancePath.slice(here.length).lastIndexOf('/') === 0
}
