import { ApiError } from '../../engine/errors.js'
import { latin1Bytes } from '../../../src/latin1.js'
import { ByteCodes, StringCodes } from './code-list.js'
import type { components } from '../../../src/types/openapi.js'

/** The real service's default charset, as its Create Campaign examples answer it. */
export const DEFAULT_CHARSET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
export const DEFAULT_CODE_LENGTH = 8

/** `code_config` as createCampaign takes it. */
export type CodeConfigInput = components['schemas']['CodeConfigCreate']

/** The response form: `length` and `charset` are always filled in (seed: "response adds length, charset"). */
export type CodeConfig = components['schemas']['CodeConfig']

export function normaliseCodeConfig(input: CodeConfigInput = {}): CodeConfig {
  const charset = input.charset ?? DEFAULT_CHARSET
  if (charset.length === 0) throw new ApiError('INVALID_CAMPAIGN', 'code_config.charset must not be empty')
  let pattern = input.pattern
  if (pattern === undefined) {
    const length = input.length ?? DEFAULT_CODE_LENGTH
    if (!Number.isInteger(length) || length < 1 || length > 64) {
      throw new ApiError('INVALID_CAMPAIGN', `code_config.length must be an integer from 1 to 64, got ${length}`)
    }
    pattern = '#'.repeat(length)
  }
  const config: CodeConfig = { length: countSlots(pattern), charset, pattern }
  if (input.prefix) config.prefix = input.prefix
  if (input.postfix) config.postfix = input.postfix
  return config
}

const countSlots = (pattern: string): number => {
  let n = 0
  for (let i = 0; i < pattern.length; i++) if (pattern.charCodeAt(i) === 35) n++
  return n
}

/** The characters of a charset without repeats: the charset itself when it has none (the usual case, no copy). */
const uniqueChars = (charset: string): string[] | string => {
  // ASCII (every usual charset) through a presence table: the search below was quadratic, 15% of seeding 10,000 campaigns
  const seen = new Uint8Array(128)
  for (let i = 0; i < charset.length; i++) {
    const unit = charset.charCodeAt(i)
    if (unit >= 128) return uniqueWideChars(charset)
    if (seen[unit] === 1) return [...new Set(charset)]
    seen[unit] = 1
  }
  return charset
}

const uniqueWideChars = (charset: string): string[] | string => {
  for (let i = 0; i < charset.length; i++) {
    const unit = charset.charCodeAt(i)
    // a repeat, or a character outside the BMP (counted by code point, as the generator draws them)
    if ((unit >= 0xd800 && unit <= 0xdfff) || (i > 0 && charset.lastIndexOf(charset[i], i - 1) >= 0)) return [...new Set(charset)]
  }
  return charset
}

/** The characters in code order, one string: ASCII (every usual charset) through a presence table, no sort. */
function sortedChars(chars: string[] | string): string {
  if (typeof chars !== 'string' || !/^[\x00-\x7f]*$/.test(chars)) return [...chars].sort().join('')
  const seen = new Uint8Array(128)
  for (let i = 0; i < chars.length; i++) seen[chars.charCodeAt(i)] = 1
  const codes: number[] = []
  for (let code = 0; code < 128; code++) if (seen[code]) codes.push(code)
  return String.fromCharCode(...codes)
}

/** What the space and the signature need of a charset: how many characters it has, and which, in code order. */
interface CharsetFacts {
  charset: string
  size: number
  sorted: string
}

// The last charset's facts, worked out again only when the charset changes: a create asks for its space and its
// signature, and `--seed-campaigns` creates thousands with one charset. Pure (same charset, same facts), so a
// memo shared by every mock in the process holds no state of any of them.
let lastFacts: CharsetFacts = { charset: '', size: 0, sorted: '' }

function charsetFacts(charset: string): CharsetFacts {
  if (charset !== lastFacts.charset) {
    const unique = uniqueChars(charset)
    lastFacts = { charset, size: unique.length, sorted: sortedChars(unique) }
  }
  return lastFacts
}

/** How many distinct codes a config can produce (may be Infinity for long patterns). */
export function codeSpace(config: CodeConfig): number {
  return charsetFacts(config.charset).size ** config.length
}

/** Configs with the same signature draw from the same code space, so they compete for codes. */
export function codeSignature(config: CodeConfig): string {
  return [config.prefix ?? '', config.pattern, config.postfix ?? '', charsetFacts(config.charset).sorted].join('\u0000')
}

export { seededRandom } from '../../../src/seeded-random.js'

/** A code before its '#' slots are filled: prefix, pattern, postfix. */
const templateOf = (config: CodeConfig): string => `${config.prefix ?? ''}${config.pattern}${config.postfix ?? ''}`

/** True when the code's characters all fit in one byte each, so it can live in a ByteCodes buffer. */
export function isLatin1(config: CodeConfig): boolean {
  return /^[\u0000-\u00ff]*$/.test(`${templateOf(config)}${config.charset}`)
}

export function codeWidth(config: CodeConfig): number {
  return templateOf(config).length
}

/** An empty list sized for `count` codes of this config. */
export function createCodeList(config: CodeConfig, count: number): ByteCodes | StringCodes {
  return isLatin1(config) ? new ByteCodes(codeWidth(config), count) : new StringCodes()
}

/**
 * Fills `list` with up to `count` codes. Each candidate is written at position `list.length` and
 * `claim(index)` claims it project-wide (false: taken, try another). Sparse spaces draw at random;
 * dense ones (few spare codes) walk a shuffled enumeration so generation always terminates. Ends
 * short only when the space runs out.
 */
export function generateCodes(config: CodeConfig, count: number, random: () => number, list: ByteCodes | StringCodes, claim: (index: number) => boolean): void {
  const steps = codeSteps(config, count, random, list, claim, Infinity)
  while (!steps.next().done);
}

/**
 * The same, yielding after every `step` candidates (a list lets other requests in between: list-work).
 * The codes depend only on the draws, never on the steps.
 */
export function* codeSteps(
  config: CodeConfig,
  count: number,
  random: () => number,
  list: ByteCodes | StringCodes,
  claim: (index: number) => boolean,
  step: number,
): Generator<void, void> {
  const chars = [...new Set(config.charset)]
  const space = chars.length ** config.length
  const order = space <= Math.max(4 * count, 1024) && space <= 16_777_216 ? shuffledRange(space, random) : undefined
  const fill: Fill = { config, chars, count, random, claim, order, step }
  if (list instanceof ByteCodes) yield* fillBytes(fill, list)
  else yield* fillStrings(fill, list)
}

/** What both fill loops take; `order` is the shuffled enumeration of a dense space, else undefined (random draws). */
interface Fill {
  config: CodeConfig
  chars: string[]
  count: number
  random: () => number
  claim: (index: number) => boolean
  order: Uint32Array | undefined
  /** Candidates between two yields. */
  step: number
}

// Unclaimable candidates (taken codes) are retried; the cap ends a walk of a space that has run out.
const maxAttempts = ({ count, order }: Fill): number => (order ? order.length : 2 * count + 10_000)

function shuffledRange(n: number, random: () => number): Uint32Array {
  const order = new Uint32Array(n)
  for (let i = 0; i < n; i++) order[i] = i
  for (let i = n - 1; i > 0; i--) {
    const j = random() % (i + 1)
    const t = order[i]
    order[i] = order[j]
    order[j] = t
  }
  return order
}

function slotPositions(config: CodeConfig): number[] {
  const offset = (config.prefix ?? '').length
  const slots: number[] = []
  for (let i = 0; i < config.pattern.length; i++) if (config.pattern.charCodeAt(i) === 35) slots.push(offset + i)
  return slots
}

/** The hot loop (a million codes in well under a second): typed arrays, no closures, no strings. */
function* fillBytes(fill: Fill, list: ByteCodes): Generator<void, void> {
  const { config, chars, count, random, claim, order } = fill
  const every = Math.min(fill.step, 2 ** 30)
  let budget = every
  const template = latin1Bytes(templateOf(config))
  const slots = Int32Array.from(slotPositions(config))
  const charCodes = Uint8Array.from(chars, (c) => c.charCodeAt(0))
  const buf = list.buf
  const width = list.width
  const n = charCodes.length
  const k = slots.length
  let made = list.length
  let attempts = 0
  const cap = maxAttempts(fill)
  while (made < count && attempts < cap) {
    const at = made * width
    buf.set(template, at)
    if (order) {
      let index = order[attempts]
      for (let i = k - 1; i >= 0; i--) {
        buf[at + slots[i]] = charCodes[index % n]
        index = Math.floor(index / n)
      }
    } else {
      for (let i = 0; i < k; i++) buf[at + slots[i]] = charCodes[random() % n]
    }
    attempts++
    if (claim(made)) made++
    if (--budget === 0) {
      budget = every
      // the codes claimed so far: what is freed if the campaign is deleted before its codes are all made
      list.length = made
      yield
    }
  }
  list.length = made
}

function* fillStrings(fill: Fill, list: StringCodes): Generator<void, void> {
  const { config, chars, count, random, claim, order } = fill
  const parts = templateOf(config).split('')
  const slots = slotPositions(config)
  const n = chars.length
  let attempts = 0
  const cap = maxAttempts(fill)
  while (list.codes.length < count && attempts < cap) {
    let index = order ? order[attempts] : 0
    for (let i = slots.length - 1; i >= 0; i--) {
      if (order) {
        parts[slots[i]] = chars[index % n]
        index = Math.floor(index / n)
      } else parts[slots[i]] = chars[random() % n]
    }
    attempts++
    list.codes.push(parts.join(''))
    if (!claim(list.codes.length - 1)) list.codes.pop()
    if (attempts % fill.step === 0) yield
  }
}
