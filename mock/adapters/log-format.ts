/**
 * Human-readable request logs for a terminal: pino writes one JSON line per event, this turns each into
 * `12:03:04.123 INFO  POST /v1/campaigns 200 3 ms createCampaign v-1a2b…`. Secrets are already redacted
 * by pino before a line gets here. A line that is not pino's JSON is passed through as it came.
 */

export type LogFormat = 'json' | 'pretty'

const LEVELS: Record<number, [label: string, color: number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 36],
  30: ['INFO ', 32],
  40: ['WARN ', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 35],
}

/** `--log auto` (the default): pretty on a terminal, JSON lines when piped or collected by a log shipper. */
export function resolveLogFormat(requested: LogFormat | 'auto', stream: { isTTY?: boolean }): LogFormat {
  return requested === 'auto' ? (stream.isTTY ? 'pretty' : 'json') : requested
}

/** A pino destination that writes each line formatted for people to `out`. */
export function prettyDestination(out: NodeJS.WritableStream, color = Boolean((out as { isTTY?: boolean }).isTTY)): { write(line: string): boolean } {
  return { write: (line) => out.write(formatLine(line, color)) }
}

export function formatLine(line: string, color = false): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(line) as Record<string, unknown>
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`
  }
  const paint = (code: number, text: string): string => (color ? `\u001b[${code}m${text}\u001b[0m` : text)
  const [label, hue] = LEVELS[Number(entry.level)] ?? ['LOG  ', 0]
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : ''
  const req = entry.req as { id?: unknown; method?: unknown; url?: unknown } | undefined
  const res = entry.res as { statusCode?: unknown } | undefined
  const parts = [paint(90, time), paint(hue, label)]
  if (req && res) {
    parts.push(`${req.method} ${req.url}`, paint(statusColor(Number(res.statusCode)), String(res.statusCode)))
    if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime} ms`)
    if (entry.operationId) parts.push(String(entry.operationId))
    if (req.id) parts.push(paint(90, String(req.id)))
  } else if (entry.msg !== undefined) {
    parts.push(String(entry.msg))
  }
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined
  const trailer = err ? `\n${String(err.stack ?? err.message)}` : ''
  return `${parts.join(' ')}${trailer}\n`
}

const statusColor = (status: number): number => (status >= 500 ? 31 : status >= 400 ? 33 : 32)
