import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { packageRoot } from '../../src/paths.js'

/** Every non-test TypeScript file under `dir` (test support under testing/ left out, as the build does). */
function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourcesOf(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Imports and re-exports between the files, type-only ones included: they tell the reader the same story. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files)
  return new Map(files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false)
    const targets = importedFiles.map((f) => f.fileName).filter((name) => name.startsWith('.')).map((name) => resolve(dirname(file), name.replace(/\.js$/, '.ts')))
    return [file, targets.filter((target) => known.has(target))]
  }))
}

/** The strongly connected groups of more than one file (Tarjan): each is an import cycle. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1) cycles.push(group.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return cycles
}

describe('imports in mock/ run one way', () => {
  it('finds no import cycle, type-only ones included', () => {
    const mock = join(packageRoot(), 'mock')
    const files = sourcesOf(mock)
    expect(files.length).toBeGreaterThan(100)
    const cycles = importCycles(importGraph(files)).map((group) => group.map((file) => relative(mock, file)))
    expect(cycles).toEqual([])
  })

  it('sees a cycle through type-only imports and re-exports, and none in a chain', () => {
    expect(importCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']])
    expect(importCycles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([])
    const dir = join(packageRoot(), 'mock')
    const graph = importGraph([join(dir, 'engine', 'handler-types.ts'), join(dir, 'engine', 'handler-io.ts'), join(dir, 'engine', 'mock-deps.ts')])
    expect(graph.get(join(dir, 'engine', 'handler-types.ts'))).toEqual(expect.arrayContaining([join(dir, 'engine', 'handler-io.ts'), join(dir, 'engine', 'mock-deps.ts')]))
  })
})
