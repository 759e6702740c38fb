/**
 * Reads the worked examples of a markdown guide so a test can run them against the mock: every `curl` of a
 * ```bash block (method, path, body, whether it sends the app keys `$H`), the answer a `# ...` comment
 * after it documents (`# 400 {...}`, `# → {...}`), and every ```json / ```jsonc block, which must follow
 * an `<!-- answer: path -->` marker naming the part of the last answer it shows. Each heading starts a
 * new section, run on a fresh mock. Documented JSON may leave things out with `...` (an object's other
 * fields, an array's further items, the rest of a string: `"ssn_..."`) and carry `//` comments.
 */

export interface DocCall {
  method: string
  path: string
  body?: string
  auth: boolean
  line: number
  /** What a comment after the command documents: the status, and the answer's JSON when it shows one. */
  expected?: { status?: number; json?: string }
}

export type DocStep = { kind: 'call'; call: DocCall } | { kind: 'answer'; path: string; json: string; line: number }

export interface DocSection {
  title: string
  steps: DocStep[]
}

export function readDocExamples(markdown: string): DocSection[] {
  const lines = markdown.split('\n')
  const sections: DocSection[] = []
  let section: DocSection | undefined
  let marker: string | undefined
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const heading = /^#{2,3} (.*)$/.exec(line)
    if (heading) {
      section = { title: heading[1], steps: [] }
      sections.push(section)
      continue
    }
    const answerMarker = /^<!-- answer(?:: (\S+))? -->$/.exec(line.trim())
    if (answerMarker) marker = answerMarker[1] ?? ''
    const fence = /^```(\w*)$/.exec(line)
    if (!fence || !fence[1]) continue
    const end = lines.indexOf('```', i + 1)
    const text = lines.slice(i + 1, end).join('\n')
    if (fence[1] === 'bash') {
      for (const call of curlCalls(text, i + 2)) section?.steps.push({ kind: 'call', call })
    } else if (fence[1] === 'json' || fence[1] === 'jsonc') {
      if (marker === undefined) throw new Error(`line ${i + 1}: a JSON example without an <!-- answer: path --> marker is checked by nothing`)
      section?.steps.push({ kind: 'answer', path: marker, json: text, line: i + 1 })
      marker = undefined
    }
    i = end
  }
  return sections.filter((s) => s.steps.length > 0)
}

interface Command {
  words: string[]
  comments: string[]
  line: number
}

/** A small shell lexer: quotes, `\` line continuations, `;` and newlines between commands, `#` comments. */
function commands(text: string, firstLine: number): Command[] {
  const out: Command[] = []
  let current: Command = { words: [], comments: [], line: firstLine }
  let word: string | null = null
  let line = firstLine
  const endWord = () => {
    if (word !== null) current.words.push(word)
    word = null
  }
  const endCommand = () => {
    endWord()
    if (current.words.length > 0) out.push(current)
    current = { words: [], comments: [], line }
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\n') line++
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1)
      const quoted = text.slice(i + 1, close)
      line += quoted.split('\n').length - 1
      word = (word ?? '') + quoted
      i = close
    } else if (c === '\\' && text[i + 1] === '\n') {
      i++
      line++
    } else if (c === '#' && word === null) {
      const stop = text.indexOf('\n', i)
      const comment = text.slice(i + 1, stop === -1 ? text.length : stop).trim()
      // a comment on a line of its own documents the command before it
      const owner = current.words.length > 0 ? current : out[out.length - 1]
      owner?.comments.push(comment)
      i = (stop === -1 ? text.length : stop) - 1
    } else if (c === ';' || c === '\n') {
      if (c === '\n' && current.words.length === 0 && word === null) current.line = line
      endCommand()
    } else if (c === ' ' || c === '\t') {
      endWord()
    } else {
      word = (word ?? '') + c
    }
  }
  endCommand()
  return out
}

function curlCalls(text: string, firstLine: number): DocCall[] {
  return commands(text, firstLine)
    .filter((c) => c.words[0] === 'curl')
    .map(({ words, comments, line }) => {
      const call: DocCall = { method: '', path: '', auth: false, line }
      for (let i = 1; i < words.length; i++) {
        const w = words[i]
        if (w === '-X') call.method = words[++i]
        else if (w === '-d') call.body = words[++i]
        else if (w === '-H') i++
        else if (w === '$H') call.auth = true
        else if (/^(https?:\/\/)?(localhost|127\.0\.0\.1):\d+\//.test(w)) call.path = w.replace(/^(https?:\/\/)?[^/]+/, '')
      }
      call.method ||= call.body === undefined ? 'GET' : 'POST'
      const documented = /^(?:→\s*)?(?:(\d{3})\s*)?([[{][\s\S]*)?$/.exec(comments.join('\n'))
      if (documented && (documented[1] || documented[2])) {
        call.expected = { ...(documented[1] ? { status: Number(documented[1]) } : {}), ...(documented[2] ? { json: documented[2] } : {}) }
      }
      return call
    })
}

/** Stands for what `...` leaves out of an array. */
export const MORE = Symbol('more')

/** Parses documented JSON: `...` for what is left out, `//` comments. Objects are always partial. */
export function parseDocumented(text: string): unknown {
  let i = 0
  const ws = () => {
    for (;;) {
      while (/\s/.test(text[i] ?? '')) i++
      if (text.startsWith('//', i)) i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i)
      else return
    }
  }
  const fail = (what: string): never => {
    throw new Error(`documented JSON: ${what} at ${i}: ${text.slice(Math.max(0, i - 40), i + 40)}`)
  }
  const value = (): unknown => {
    ws()
    if (text.startsWith('...', i)) {
      i += 3
      return MORE
    }
    const c = text[i]
    if (c === '{') {
      i++
      const out: Record<string, unknown> = {}
      for (;;) {
        ws()
        if (text[i] === '}') return i++, out
        if (text[i] === ',') i++
        else if (text.startsWith('...', i)) i += 3
        else {
          if (text[i] !== '"') fail('expected a key')
          const key = value() as string
          ws()
          if (text[i++] !== ':') fail('expected :')
          Object.defineProperty(out, key, { value: value(), enumerable: true, writable: true, configurable: true })
        }
      }
    }
    if (c === '[') {
      i++
      const out: unknown[] = []
      for (;;) {
        ws()
        if (text[i] === ']') return i++, out
        if (text[i] === ',') i++
        else out.push(value())
      }
    }
    if (c === '"') {
      const start = i++
      while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1
      return JSON.parse(text.slice(start, ++i))
    }
    const literal = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i))
    if (!literal) return fail('unexpected text')
    i += literal[0].length
    return JSON.parse(literal[0])
  }
  const result = value()
  ws()
  if (i < text.length) fail('text after the value')
  return result
}

/** Where `actual` differs from what the documentation shows (empty: it matches). */
export function differences(actual: unknown, documented: unknown, path = ''): string[] {
  if (typeof documented === 'string' && documented.endsWith('...')) {
    return typeof actual === 'string' && actual.startsWith(documented.slice(0, -3)) ? [] : [`${path}: ${JSON.stringify(actual)} does not start with ${documented.slice(0, -3)}`]
  }
  if (Array.isArray(documented)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)}`]
    const shown = documented.filter((d) => d !== MORE)
    const open = shown.length < documented.length
    if (open ? actual.length < shown.length : actual.length !== shown.length) return [`${path}: ${actual.length} items, the documentation shows ${shown.length}${open ? ' or more' : ''}`]
    return shown.flatMap((d, i) => differences(actual[i], d, `${path}[${i}]`))
  }
  if (documented !== null && typeof documented === 'object') {
    if (actual === null || typeof actual !== 'object') return [`${path}: expected an object, got ${JSON.stringify(actual)}`]
    return Object.entries(documented).flatMap(([k, d]) => differences(Object.hasOwn(actual, k) ? (actual as Record<string, unknown>)[k] : undefined, d, `${path}.${k}`))
  }
  return Object.is(actual, documented) ? [] : [`${path}: ${JSON.stringify(actual)}, the documentation shows ${JSON.stringify(documented)}`]
}

/** `order`, `redeemables[0].result`: a part of an answer. */
export function pick(value: unknown, path: string): unknown {
  if (!path) return value
  return path.split(/\.|(?=\[)/).reduce<unknown>((v, part) => {
    const index = /^\[(\d+)\]$/.exec(part)
    if (v === null || typeof v !== 'object') return undefined
    return index ? (v as unknown[])[Number(index[1])] : (v as Record<string, unknown>)[part]
  }, value)
}
