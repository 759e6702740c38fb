import { escapePointerToken } from '../src/json-pointer.js'

/** A difference in the shape of two answers: the same kinds and fields as compare-answers' Finding. */
export interface ShapeFinding {
  kind: 'field-added' | 'field-removed' | 'type-changed'
  pointer: string
  recorded: unknown
  now: unknown
}

interface PathStats {
  /** JSON types seen at the path. */
  types: Set<string>
  /** How many times the path was there (once per list item it is in). */
  seen: number
}

// A null here and a value there is data, not a type change, for fields that name or date something.
const NATURAL = /^(?:id|code|url|request_id|[a-z_]*_id|[a-z_]*_at|[a-z_]*_date|more_starting_after|description)$/

/**
 * Two targets hold different data: their lists have other items, their optional fields are set on other
 * objects, metadata is whatever each team stored. What a contract fixes is the shape, so each body is reduced
 * to its paths (list items as `*`) with the types seen there, and compared: a field every object of one side
 * has and no object of the other (the topmost such field only), and a path whose types never meet. Values,
 * list lengths and anything under `metadata` are not compared.
 */
export function compareShapes(a: unknown, b: unknown): ShapeFinding[] {
  const [pa, pb] = [pathsOf(a), pathsOf(b)]
  const out: ShapeFinding[] = []
  const always = (paths: Map<string, PathStats>, pointer: string): boolean => (paths.get(pointer)?.seen ?? 0) > 0 && paths.get(pointer)!.seen === paths.get(parentOf(pointer))?.seen
  for (const pointer of new Set([...pa.keys(), ...pb.keys()])) {
    if (pointer === '') continue
    const [sa, sb] = [pa.get(pointer), pb.get(pointer)]
    const parent = parentOf(pointer)
    if (!pa.has(parent) || !pb.has(parent)) continue
    if (sa && sb) {
      const key = pointer.slice(pointer.lastIndexOf('/') + 1)
      const [ta, tb] = [typesOf(sa, key), typesOf(sb, key)]
      if (ta.length && tb.length && !ta.some((t) => tb.includes(t))) out.push({ kind: 'type-changed', pointer, recorded: ta.join('|'), now: tb.join('|') })
    } else if (sa && always(pa, pointer) && pointer.split('/').at(-1) !== '*') {
      out.push({ kind: 'field-removed', pointer, recorded: 'present', now: 'absent' })
    } else if (sb && always(pb, pointer) && pointer.split('/').at(-1) !== '*') {
      out.push({ kind: 'field-added', pointer, recorded: 'absent', now: 'present' })
    }
  }
  return out
}

function pathsOf(body: unknown): Map<string, PathStats> {
  const paths = new Map<string, PathStats>()
  const walk = (value: unknown, pointer: string): void => {
    const stats = paths.get(pointer) ?? { types: new Set<string>(), seen: 0 }
    stats.seen++
    stats.types.add(value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)
    paths.set(pointer, stats)
    if (Array.isArray(value)) value.forEach((item) => walk(item, `${pointer}/*`))
    else if (value !== null && typeof value === 'object' && !pointer.endsWith('/metadata')) {
      for (const [key, v] of Object.entries(value)) walk(v, `${pointer}/${escapePointerToken(key)}`)
    }
  }
  if (body !== null && typeof body === 'object') walk(body, '')
  return paths
}

const parentOf = (pointer: string): string => pointer.slice(0, pointer.lastIndexOf('/'))
const typesOf = (stats: PathStats, key: string): string[] => [...stats.types].filter((t) => !(t === 'null' && NATURAL.test(key))).sort()
