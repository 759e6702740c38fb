// JSON for the dereferenced spec, which is a graph: swagger-parser makes every `$ref` target one shared
// object, and recursive schemas are circular. Plain JSON would duplicate the shared ones and fail on cycles.

const MARK = '$promokit:node'

/** Objects reached more than once are stored once in `nodes` and replaced by `{"$promokit:node": i}`. */
export function encodeGraph(root: unknown): string {
  const counts = new Map<object, number>()
  const count = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return
    const seen = counts.get(value) ?? 0
    counts.set(value, seen + 1)
    if (seen > 0) return
    if (!Array.isArray(value) && MARK in value) throw new Error(`graph JSON: an object already has the key ${MARK}`)
    for (const child of Array.isArray(value) ? value : Object.values(value)) count(child)
  }
  count(root)
  const ids = new Map<object, number>()
  const nodes: unknown[] = []
  const convert = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value
    if ((counts.get(value) ?? 0) < 2) return copy(value)
    let id = ids.get(value)
    if (id === undefined) {
      id = nodes.push(null) - 1
      ids.set(value, id)
      nodes[id] = copy(value)
    }
    return { [MARK]: id }
  }
  const copy = (value: object): unknown =>
    Array.isArray(value) ? value.map(convert) : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]))
  const encodedRoot = convert(root)
  return JSON.stringify({ nodes, root: encodedRoot })
}

/** The graph `encodeGraph` stored: shared objects shared again, cycles restored. */
export function decodeGraph<T>(text: string): T {
  const { nodes, root } = JSON.parse(text) as { nodes: unknown[]; root: unknown }
  const resolve = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value
    const record = value as Record<string, unknown>
    if (!Array.isArray(value) && typeof record[MARK] === 'number') return nodes[record[MARK] as number]
    // Each stored node is resolved on its own below, so a marker is replaced without descending into it.
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] = resolve(value[i])
    else for (const key of Object.keys(record)) record[key] = resolve(record[key])
    return value
  }
  for (const node of nodes) resolveChildren(node)
  return resolve(root) as T

  function resolveChildren(node: unknown): void {
    if (typeof node !== 'object' || node === null) return
    if (Array.isArray(node)) for (let i = 0; i < node.length; i++) node[i] = resolve(node[i])
    else for (const key of Object.keys(node)) (node as Record<string, unknown>)[key] = resolve((node as Record<string, unknown>)[key])
  }
}
