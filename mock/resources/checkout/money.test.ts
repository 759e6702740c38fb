import { describe, expect, it } from 'vitest'
import { discountAmount, orderAmount, orderTotals } from './money.js'

describe('discountAmount', () => {
  it('takes a percentage of the base, rounded to the smallest unit', () => {
    expect(discountAmount({ type: 'PERCENT', percent_off: 15 }, 9999)).toBe(1500)
  })

  it('caps a percentage at amount_limit', () => {
    expect(discountAmount({ type: 'PERCENT', percent_off: 50, amount_limit: 600 }, 10000)).toBe(600)
  })

  it('never takes more than the base', () => {
    expect(discountAmount({ type: 'AMOUNT', amount_off: 5000 }, 3000)).toBe(3000)
    expect(discountAmount({ type: 'PERCENT', percent_off: 150 }, 3000)).toBe(3000)
    expect(discountAmount({ type: 'AMOUNT', amount_off: 500 }, 0)).toBe(0)
    expect(discountAmount(undefined, 3000)).toBe(0)
  })
})

describe('orderAmount', () => {
  it('uses amount when sent, else the items (amount or price x quantity)', () => {
    expect(orderAmount({ amount: 1234, items: [{ amount: 1 }] })).toBe(1234)
    expect(orderAmount({ items: [{ amount: 1000 }, { price: 250, quantity: 4 }, { price: 300 }] })).toBe(2300)
    expect(orderAmount(undefined)).toBe(0)
  })
})

describe('orderTotals', () => {
  it('reports what this call applied and what is left to pay', () => {
    expect(orderTotals({ amount: 20000 }, 2500)).toEqual({
      amount: 20000,
      initial_amount: 20000,
      discount_amount: 2500,
      items_discount_amount: 0,
      total_discount_amount: 2500,
      total_amount: 17500,
      applied_discount_amount: 2500,
      items_applied_discount_amount: 0,
      total_applied_discount_amount: 2500,
    })
  })

  it('keeps a discount already on the order out of the applied amounts and never goes negative', () => {
    const totals = orderTotals({ amount: 1000, discount_amount: 300 }, 900)
    expect(totals.discount_amount).toBe(1000)
    expect(totals.applied_discount_amount).toBe(700)
    expect(totals.total_amount).toBe(0)
  })
})
