import { describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '../spec/load-spec.js'
import { createContractValidator } from './validator.js'

const item = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, note: { type: 'string' } } }
const body = {
  type: 'object',
  required: ['name', 'parent'],
  properties: {
    name: { type: 'string' },
    parent: { type: ['string', 'null'] },
    description: { type: 'string' },
    quantity: { type: ['integer', 'null'] },
    metadata: { type: 'object', additionalProperties: true },
    items: { type: 'array', items: item },
    options: { oneOf: [{ type: 'object', properties: { mode: { type: 'string', enum: ['A'] } } }, { type: 'array' }] },
  },
  additionalProperties: false,
}
const doc = {
  openapi: '3.1.0',
  info: { title: 'null fields', version: '1' },
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: { required: true, content: { 'application/json': { schema: body }, 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } },
        responses: { 200: { description: 'ok' } },
      },
    },
  },
} as unknown as OpenApiDocument

describe('JSON body fields sent as null are read as absent', () => {
  const contracts = createContractValidator(doc)
  const create = (value: unknown, contentType = 'application/json') => contracts.validateRequest('createThing', { body: value, contentType })

  it('drops optional nulls at every declared level, nullable or not, without touching the sent object', () => {
    const sent = { name: 'x', parent: 'p', description: null, quantity: null, items: [{ id: 'a', note: null }], options: { mode: null } }
    const copy = structuredClone(sent)
    const { valid, values } = create(sent)
    expect(valid).toBe(true)
    expect(values.body).toEqual({ name: 'x', parent: 'p', items: [{ id: 'a' }], options: {} })
    expect(sent).toEqual(copy)
  })

  it('keeps a required nullable null, and the nulls of free-form maps (the client data)', () => {
    const { valid, values } = create({ name: 'x', parent: null, metadata: { colour: null, nested: { a: null } } })
    expect(valid).toBe(true)
    expect(values.body).toEqual({ name: 'x', parent: null, metadata: { colour: null, nested: { a: null } } })
  })

  it('still refuses a required field sent as null (as missing), and nulls in arrays or at the top', () => {
    expect(create({ name: null, parent: 'p' }).violations).toMatchObject([{ keyword: 'required', in: 'body' }])
    expect(create({ name: 'x', parent: 'p', items: [null] }).valid).toBe(false)
    expect(create({ name: 'x', parent: 'p', items: [{ id: null }] }).violations).toMatchObject([{ pointer: '/body/items/0/id', keyword: 'required' }])
    expect(create(null).valid).toBe(false)
  })

  it('leaves form bodies alone (no SDK sends null in a form)', () => {
    expect(create({ name: 'x' }, 'application/x-www-form-urlencoded').values.body).toEqual({ name: 'x' })
  })
})
