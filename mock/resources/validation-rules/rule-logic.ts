/**
 * The `logic` of a validation rule: rule numbers joined by `and` / `or`, with parentheses
 * ("(1 or 2) and 3"); `and` binds tighter than `or`. Parsed once on create into a tree.
 */
export type LogicNode = { ref: string } | { op: 'and' | 'or'; left: LogicNode; right: LogicNode }

const TOKEN = /\s*(\(|\)|and\b|or\b|[A-Za-z0-9_]+)\s*/gy

/** Parses `logic`; throws an Error whose message says what is wrong (the caller makes it a 400). */
export function parseLogic(logic: string, known: Set<string>): LogicNode {
  const tokens: string[] = []
  TOKEN.lastIndex = 0
  let match: RegExpExecArray | null
  while (TOKEN.lastIndex < logic.length && (match = TOKEN.exec(logic))) tokens.push(match[1].toLowerCase())
  if (TOKEN.lastIndex < logic.length) throw new Error(`cannot read logic "${logic}" at position ${TOKEN.lastIndex}`)
  let at = 0
  const expect = (what: string): string => {
    const token = tokens[at++]
    if (token === undefined) throw new Error(`logic "${logic}" ends where ${what} was expected`)
    return token
  }
  const primary = (): LogicNode => {
    const token = expect('a rule number or "("')
    if (token === '(') {
      const inner = or()
      if (expect('")"') !== ')') throw new Error(`logic "${logic}": missing ")"`)
      return inner
    }
    if (!known.has(token)) throw new Error(`logic "${logic}" names rule "${token}", which is not in rules`)
    return { ref: token }
  }
  const and = (): LogicNode => {
    let node = primary()
    while (tokens[at] === 'and') {
      at++
      node = { op: 'and', left: node, right: primary() }
    }
    return node
  }
  const or = (): LogicNode => {
    let node = and()
    while (tokens[at] === 'or') {
      at++
      node = { op: 'or', left: node, right: and() }
    }
    return node
  }
  const tree = or()
  if (at !== tokens.length) throw new Error(`logic "${logic}": unexpected "${tokens[at]}"`)
  return tree
}

/** Evaluates the tree; `holds` is asked only for the rules the result depends on. */
export function evalLogic(node: LogicNode, holds: (ref: string) => boolean): boolean {
  if ('ref' in node) return holds(node.ref)
  return node.op === 'and' ? evalLogic(node.left, holds) && evalLogic(node.right, holds) : evalLogic(node.left, holds) || evalLogic(node.right, holds)
}
