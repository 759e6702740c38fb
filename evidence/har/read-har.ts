import { readFileSync } from 'node:fs'
import type { HarEntry } from './har-types.js'

/** A HAR file that cannot be replayed: the message names the file and what is wrong (exit 2). */
export class HarFileError extends Error {}

/** Reads a HAR file and checks what a replay relies on: every entry has a request method and URL and a response status. */
export function readHar(path: string): HarEntry[] {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new HarFileError(`${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`)
  }
  let doc: any
  try {
    doc = JSON.parse(text)
  } catch (error) {
    throw new HarFileError(`${path}: not JSON (${(error as Error).message})`)
  }
  const entries = doc?.log?.entries
  if (!Array.isArray(entries)) throw new HarFileError(`${path}: not a HAR file (no log.entries list)`)
  entries.forEach((entry: any, i: number) => {
    const where = `${path}: log.entries[${i}]`
    if (typeof entry?.request?.method !== 'string' || typeof entry.request.url !== 'string') throw new HarFileError(`${where}: request.method and request.url are required`)
    if (!URL.canParse(entry.request.url)) throw new HarFileError(`${where}: request.url is not a URL: ${entry.request.url}`)
    if (!Number.isInteger(entry?.response?.status)) throw new HarFileError(`${where}: response.status is required`)
    if (Number.isNaN(Date.parse(entry.startedDateTime))) throw new HarFileError(`${where}: startedDateTime is not a date`)
  })
  return entries as HarEntry[]
}

/** The response body of an entry as text (base64 decoded). */
export function responseText(entry: HarEntry): string {
  const { text, encoding } = entry.response.content
  if (text === undefined) return ''
  return encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text
}

export function headerValue(headers: { name: string; value: string }[], name: string): string | undefined {
  return headers.find((h) => h.name.toLowerCase() === name)?.value
}
