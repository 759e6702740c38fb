import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/**
 * A .cpuprofile as text: top functions by self and inclusive time, and self time by package.
 * `from`: count only samples after the first one whose stack contains that function (e.g. the
 * request pipeline), so start-up work does not drown the steady state.
 */
export function summarizeProfile(file: string, top = 20, from?: string): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const inStack = (id: number, name: string): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (byId.get(at)!.callFrame.functionName === name) return true
    return false
  }
  const first = from === undefined ? 0 : profile.samples.findIndex((id) => inStack(id, from))
  const sampled = new Map<number, number>()
  profile.samples.forEach((id, i) => {
    if (first >= 0 && i >= first) sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })

  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  const packages = new Map<string, number>()
  let total = 0
  for (const node of profile.nodes) {
    const ms = sampled.get(node.id) ?? 0
    if (ms === 0) continue
    total += ms
    add(self, label(node), ms)
    add(packages, packageOf(node), ms)
    // Count each function once per stack, so recursion does not inflate its inclusive time.
    const seen = new Set<string>()
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const key = label(byId.get(id)!)
      if (!seen.has(key)) add(inclusive, key, ms)
      seen.add(key)
    }
  }
  const list = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n')
  return [
    `sampled ${total.toFixed(0)} ms${from ? ` (from the first call of ${from})` : ''}`,
    '-- self time by package',
    list(packages, 12),
    '-- self time by function',
    list(self, top),
    '-- inclusive time by function',
    list(inclusive, top + 10),
  ].join('\n')
}

function add(map: Map<string, number>, key: string, ms: number): void {
  map.set(key, (map.get(key) ?? 0) + ms)
}

function shortUrl(url: string): string {
  const nm = url.lastIndexOf('node_modules/')
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length)
  const dist = url.indexOf('/dist/')
  return dist >= 0 ? url.slice(dist + 1) : url
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame
  return `${functionName || '(anonymous)'} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`
}

function packageOf(node: ProfileNode): string {
  const url = node.callFrame.url
  const pkg = /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(url)
  if (pkg) return pkg[1]
  if (url.startsWith('node:')) return 'node (built-in modules)'
  const dist = /\/dist\/([^/]+\/[^/]+)/.exec(url)
  if (dist) return dist[1]
  return node.callFrame.functionName || '(vm)'
}
