import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract } from '../../testing/index.js'

// Issue 24: the real service gives every validation an id (`valid_...`, in every vendor example); the spec
// requires it, so a target that leaves it out fails the contract.
describe('validation answers carry an id', () => {
  it.each([
    ['validateStackedDiscounts', '/v1/validations', 'app'],
    ['clientValidateStackedDiscounts', '/client/v1/validations', 'client'],
  ] as const)('%s: valid or not, the answer has its own valid_ id, and the spec refuses one without', async (operationId, path, keys) => {
    const t = await createTestApp()
    const headers = keys === 'app' ? t.headers.app : { 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token' }
    const valid = await t.request.post(path).set(headers).send({ redeemables: [{ object: 'voucher', id: 'WELCOME-0001' }], order: { amount: 1000 } })
    const invalid = await t.request.post(path).set(headers).send({ redeemables: [{ object: 'voucher', id: 'WELCOME-USED' }], order: { amount: 1000 } })
    expect([valid.body.valid, invalid.body.valid]).toEqual([true, false])
    for (const res of [valid, invalid]) {
      expectContract(res, operationId)
      expect(res.body.id).toMatch(/^valid_/)
    }
    expect(valid.body.id).not.toBe(invalid.body.id)
    const { id: _id, ...withoutId } = valid.body
    const { violations } = t.deps.validator.validateResponse(operationId, 200, withoutId, { 'content-type': 'application/json' })
    expect(violations).toEqual([expect.objectContaining({ message: expect.stringMatching(/id/) })])
  })
})
