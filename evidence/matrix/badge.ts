import { esc } from '../../contracts/reporters/html-escape.js'
import type { Matrix } from './build-matrix.js'

// Verdana 11px averages about 6.5 px a character (shields.io's measure for its flat style).
const width = (text: string): number => Math.round(text.length * 6.5) + 10

/** A flat badge in shields.io's style: "conformance" on the left, "47/47 · staging 2026-11-26" on the right. */
export function renderBadge(matrix: Matrix): string {
  const c = matrix.conformance
  const label = 'conformance'
  const value = c ? `${c.passing}/${c.total} · ${c.target} ${c.date}` : 'unknown'
  const colour = !c ? '#9f9f9f' : c.passing === c.total ? '#4c1' : c.passing >= c.total * 0.9 ? '#dfb317' : '#e05d44'
  const [lw, vw] = [width(label), width(value)]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + vw}" height="20" role="img" aria-label="${esc(`${label}: ${value}`)}">
<title>${esc(`${label}: ${value}`)}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${lw + vw}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${colour}"/><rect width="${lw + vw}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${lw / 2}" y="14">${esc(label)}</text><text x="${lw + vw / 2}" y="14">${esc(value)}</text></g>
</svg>
`
}
