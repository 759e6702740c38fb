import type { RecordedRequest } from './http-client.js'

const SECRET_HEADERS = new Set(['x-app-token', 'x-management-token', 'authorization', 'x-client-token'])
const MASK = '****'
/** The credential the auth checks send on purpose: no secret, so a curl line shows it and says why. */
export const DELIBERATELY_WRONG = 'pk-wrong-credential'

const isDeliberatelyWrong = (value: string): boolean => value === DELIBERATELY_WRONG || value === `Bearer ${DELIBERATELY_WRONG}`

/** Masks credentials in a header value: tokens entirely, Bearer tokens after the scheme. */
export function maskHeader(name: string, value: string): string {
  if (!SECRET_HEADERS.has(name.toLowerCase()) || isDeliberatelyWrong(value)) return value
  return /^bearer\s/i.test(value) ? `Bearer ${MASK}` : MASK
}

/** Masks secrets that can appear in URLs and bodies: export download tokens and issued access tokens. */
export function maskText(text: string): string {
  return text
    .replace(/([?&]token=)[^&"'\s]+/g, `$1${MASK}`)
    .replace(/("access_token"\s*:\s*")[^"]*(")/g, `$1${MASK}$2`)
}

export function maskRequest(request: RecordedRequest): RecordedRequest {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([n, v]) => [n, maskHeader(n, v)]))
  return { ...request, url: maskText(request.url), headers, body: request.body === undefined ? undefined : maskText(request.body) }
}

/** One copy-pasteable curl line reproducing the request, with secrets masked. */
export function toCurl(request: RecordedRequest): string {
  const masked = maskRequest(request)
  const parts = ['curl', '-X', masked.method, shellQuote(masked.url)]
  for (const [name, value] of Object.entries(masked.headers)) {
    if (name.toLowerCase() === 'accept') continue
    parts.push('-H', shellQuote(`${name}: ${value}`))
  }
  if (masked.body !== undefined) parts.push('--data', shellQuote(masked.body))
  const wrong = Object.entries(request.headers).filter(([name, value]) => SECRET_HEADERS.has(name.toLowerCase()) && isDeliberatelyWrong(value)).map(([name]) => name)
  // A reader must not take a 401 here for a bad key of theirs.
  if (wrong.length) parts.push(`  # ${wrong.join(', ')} deliberately wrong: the check sends it on purpose`)
  return parts.join(' ')
}

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`
}
