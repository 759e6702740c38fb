import { escapeHtml } from '../../src/html-escape.js'

// Text placed in HTML: credentials and names come from flags and fixtures.
export { escapeHtml }

/** JSON placed in a `<script type="application/json">`: `<` escaped so no value can close the tag. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c')

export function page(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
${head}
</head>
<body>
${body}
</body>
</html>
`
}
