import type { ErrorObject } from 'ajv'

const COMBINATORS = new Set(['oneOf', 'anyOf'])

/**
 * With allErrors, a failed oneOf/anyOf reports every branch's errors plus "must match exactly one schema".
 * A person wants the errors of the branch they meant: keep only the best branch's errors (recursively).
 * Branches are told apart by schemaPath (`…/oneOf/<i>/…`), which the views keep by inlining schemas.
 */
export function collapseCombinators(errors: readonly ErrorObject[]): readonly ErrorObject[] {
  let current = errors
  for (;;) {
    const outer = outermostCombinator(current)
    if (!outer) return current
    current = collapseOne(current, outer)
  }
}

function outermostCombinator(errors: readonly ErrorObject[]): ErrorObject | undefined {
  let best: ErrorObject | undefined
  for (const e of errors) {
    if (!COMBINATORS.has(e.keyword)) continue
    if (!best || e.schemaPath.length < best.schemaPath.length) best = e
  }
  return best
}

function collapseOne(errors: readonly ErrorObject[], combinator: ErrorObject): ErrorObject[] {
  const prefix = `${combinator.schemaPath}/`
  const here = combinator.instancePath
  const branches = new Map<number, ErrorObject[]>()
  const inBranch = (e: ErrorObject) =>
    e.schemaPath.startsWith(prefix) && (e.instancePath === here || e.instancePath.startsWith(`${here}/`))
  for (const e of errors) {
    if (!inBranch(e)) continue
    const index = Number.parseInt(e.schemaPath.slice(prefix.length), 10)
    const list = branches.get(index) ?? []
    list.push(e)
    branches.set(index, list)
  }
  const chosen = branches.size > 0 ? bestBranch([...branches.values()], here) : undefined
  // No branch errors means several branches matched (oneOf): keep "must match exactly one schema".
  if (!chosen) return errors.filter((e) => e === combinator || !inBranch(e))
  return errors.flatMap((e) => (e === combinator ? chosen : inBranch(e) ? [] : [e]))
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
  const rest = e.instancePath.slice(here.length)
  return rest.lastIndexOf('/') === 0
}
