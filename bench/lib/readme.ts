import { readFileSync, writeFileSync } from 'node:fs'

export const README_START = '<!-- bench:start -->'
export const README_END = '<!-- bench:end -->'

/** The README text with the figures between the bench markers replaced; unchanged when a marker is missing. */
export function withEmbeddedFigures(readme: string, markdown: string): string {
  const start = readme.indexOf(README_START)
  const end = readme.indexOf(README_END)
  if (start < 0 || end < start) return readme
  return `${readme.slice(0, start + README_START.length)}\n${markdown.trimEnd()}\n${readme.slice(end)}`
}

/**
 * A full run refreshes the README's copy of bench/results.md, so the figures a newcomer reads are the
 * latest full run's and never a hand-edited mix. Returns whether the README changed.
 */
export function embedInReadme(readmePath: string, markdown: string): boolean {
  const before = readFileSync(readmePath, 'utf8')
  const after = withEmbeddedFigures(before, markdown)
  if (after === before) return false
  writeFileSync(readmePath, after)
  return true
}
