import { describe, expect, it } from 'vitest'
import { loadSpec } from '../src/spec/load-spec.js'
import { collectExamples, type ExampleCase } from '../src/spec/spec-walk.js'
import { createContractValidator } from '../src/validation/validator.js'
import type { Violation } from '../src/validation/violations.js'

const doc = await loadSpec()
const contracts = createContractValidator(doc)
const cases = collectExamples(doc)

function violationsOf({ value, check }: ExampleCase): Violation[] {
  switch (check.kind) {
    case 'request-body':
      return contracts
        .validateRequest(check.operationId, { body: value, contentType: check.contentType })
        .violations.filter((v) => v.in === 'body')
    case 'response': {
      const status = /^\d{3}$/.test(check.status) ? Number(check.status) : check.status === 'default' ? 500 : Number(check.status[0]) * 100
      return contracts.validateResponse(check.operationId, status, value, { 'content-type': check.contentType }).violations
    }
    case 'parameter': {
      const location = check.in === 'path' ? 'params' : check.in === 'header' ? 'headers' : 'query'
      const key = check.in === 'header' ? check.name.toLowerCase() : check.name
      return contracts
        .validateRequest(check.operationId, { [location]: { [key]: value } })
        .violations.filter((v) => v.pointer === `/${check.in}/${key}` || v.pointer.startsWith(`/${check.in}/${key}/`))
    }
    case 'schema': {
      // A schema used on both sides is fine when its example fits either side's view.
      const views = check.usage.length > 0 ? check.usage : (['response'] as const)
      const results = views.map((direction) => contracts.validateValue(check.schema, value, direction).violations)
      return results.find((list) => list.length === 0) ?? results[0]
    }
  }
}

describe('spec examples', () => {
  it('has examples to check: request bodies, responses and schemas', () => {
    const kinds = new Set(cases.map((c) => c.check.kind))
    for (const kind of ['request-body', 'response', 'schema']) expect(kinds.has(kind as never)).toBe(true)
    expect(cases.length).toBeGreaterThan(50)
  })

  it('has an example for every request body and every response with content', () => {
    const missing: string[] = []
    for (const op of contracts.operations) {
      for (const type of op.requestBody?.contentTypes ?? []) {
        if (!cases.some((c) => c.check.kind === 'request-body' && c.check.operationId === op.operationId && c.check.contentType === type)) missing.push(`${op.operationId} request ${type}`)
      }
      for (const [status, response] of Object.entries(op.responses)) {
        for (const type of response.contentTypes) {
          const has = cases.some((c) => c.check.kind === 'response' && c.check.operationId === op.operationId && c.check.status === status && c.check.contentType === type)
          if (!has) missing.push(`${op.operationId} ${status} ${type}`)
        }
      }
    }
    expect(missing).toEqual([])
  })

  it.each(cases.map((c) => [c.where, c] as const))('%s is valid', (_where, example) => {
    expect(violationsOf(example)).toEqual([])
  })
})
