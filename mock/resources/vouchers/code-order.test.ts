import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ByteCodes, StringCodes } from './code-list.js'
import { codeOrder } from './code-order.js'

const naive = (codes: string[]): number[] => [...codes.keys()].sort((a, b) => (codes[a] < codes[b] ? -1 : codes[a] > codes[b] ? 1 : a - b))

describe('codeOrder', () => {
  it('orders generated (byte) codes as JavaScript compares the strings, whatever the width, prefix and bytes', () => {
    const codesArb = fc.integer({ min: 1, max: 11 }).chain((width) =>
      fc.tuple(fc.constant(width), fc.array(fc.uint8Array({ minLength: width, maxLength: width }), { minLength: 1, maxLength: 300 }), fc.nat(width)),
    )
    fc.assert(
      fc.property(codesArb, ([width, rows, fixed]) => {
        const list = new ByteCodes(width, rows.length)
        // a shared prefix of `fixed` bytes, as code_config.prefix gives
        rows.forEach((row, i) => list.buf.set(row.map((b, j) => (j < fixed ? 65 : b)), i * width))
        list.length = rows.length
        const strings = Array.from({ length: rows.length }, (_, i) => list.at(i))
        expect([...codeOrder(list)]).toEqual(naive(strings))
      }),
      { numRuns: 300 },
    )
  })

  it('orders imported (string) codes the same way, and keeps the order it made', () => {
    const list = new StringCodes()
    list.codes.push('b', 'A', 'a', 'Ab', '', 'é')
    const order = codeOrder(list)
    expect([...order].map((i) => list.codes[i])).toEqual(['', 'A', 'Ab', 'a', 'b', 'é'])
    expect(codeOrder(list)).toBe(order)
  })
})
