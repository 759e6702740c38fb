import { describe, expect, it } from 'vitest'
import { operationHandlers } from './operation-handlers.js'
import { loadContractValidator } from '../testing/index.js'

// The spec and the handler map must name the same operations (openapi-backend turns a missing handler into an error at run time; here it fails a test instead).
describe('mock/engine/operation-handlers.ts', () => {
  it('has a handler for every operation of the spec, and none for an operation the spec lacks', async () => {
    const validator = await loadContractValidator()
    const specOperations = validator.operations.map((o) => o.operationId).sort()

    expect(Object.keys(operationHandlers).sort()).toEqual(specOperations)
  })
})
