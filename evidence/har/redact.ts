import { maskHeader, maskText } from '../../contracts/curl.js'

/**
 * Secrets never reach a HAR file: application, management and client tokens and bearer tokens (headers),
 * export download tokens (`token=` in URLs), issued access tokens and client secrets (JSON and form bodies),
 * cookies. The contract suite's masking (contracts/curl.ts) is the base; what a recording adds is here.
 */
export const REDACTED = '****'

const COOKIE_HEADERS = new Set(['cookie', 'set-cookie'])

export function redactHeader(name: string, value: string): string {
  if (COOKIE_HEADERS.has(name.toLowerCase())) return REDACTED
  return maskHeader(name, value)
}

// Every pattern below names a token or a secret (in lower case): a body without either word (most answers) is left
// as is after one search, far cheaper than the replacements. One regular expression for both words scans a
// 4 KB answer in about half the time of two String#includes (each restarts at every 't' or 's' of the text).
const SECRET_WORD = /token|secret/

export function redactText(text: string): string {
  if (!SECRET_WORD.test(text)) return text
  return maskText(text)
    .replace(/("(?:client_secret|refresh_token|secret_key|token)"\s*:\s*")[^"]*(")/g, `$1${REDACTED}$2`)
    .replace(/(^|&)((?:client_secret|access_token|token)=)[^&]*/g, `$1$2${REDACTED}`)
}

/** True when a value is one redaction left in place of a secret (the replay puts its own credential there). */
export const isRedacted = (value: string): boolean => value === REDACTED || value === `Bearer ${REDACTED}`
