import { beforeAll, describe, expect, it } from 'vitest'
import { loadCompiledSpec, type ContractValidator } from '../src/validation/validator.js'
import { compareAnswers, type Answer } from './compare-answers.js'

let validator: ContractValidator
beforeAll(async () => {
  validator = (await loadCompiledSpec()).validator
})

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' }
const category = (over: Record<string, unknown> = {}) => ({ id: 'cat_1', name: 'Shoes', hierarchy: 1, created_at: '2026-01-01T00:00:00.000Z', object: 'category', ...over })
const answer = (status: number, body: unknown, headers: Record<string, string> = JSON_TYPE): Answer => ({ status, headers, body })
const compare = (a: Answer, b: Answer, live = false) => compareAnswers('getCategory', a, b, validator, live)

describe('compareAnswers', () => {
  it('finds nothing between answers that differ only in ids, timestamps and request ids', () => {
    const a = answer(200, category(), { ...JSON_TYPE, 'x-request-id': 'v-1' })
    const b = answer(200, category({ id: 'cat_2', created_at: '2026-11-26T10:00:00.000Z' }), { ...JSON_TYPE, 'x-request-id': 'v-2' })
    expect(compare(a, b)).toEqual([])
  })

  it('names a status difference, and only that', () => {
    expect(compare(answer(200, category()), answer(404, { code: 404, key: 'not_found', message: 'x' }))).toEqual([{ kind: 'status', pointer: '', recorded: 200, now: 404 }])
  })

  it('names an error key difference', () => {
    const found = compare(answer(404, { code: 404, key: 'not_found', message: 'x' }), answer(404, { code: 404, key: 'resource_not_found', message: 'x' }))
    expect(found).toEqual([{ kind: 'error-key', pointer: '/key', recorded: 'not_found', now: 'resource_not_found' }])
  })

  it('names fields added and removed and types changed by their JSON pointer, nested and in lists', () => {
    const { name: _name, ...withoutName } = category()
    expect(compare(answer(200, category()), answer(200, { ...withoutName, extra: { 'a/b': 1 } }))).toEqual(expect.arrayContaining([
      { kind: 'field-removed', pointer: '/name', recorded: 'Shoes', now: undefined },
      { kind: 'field-added', pointer: '/extra', recorded: undefined, now: { 'a/b': 1 } },
    ]))
    const found = compareAnswers('listCategories', answer(200, { data: [{ n: 1 }] }), answer(200, { data: [{ n: '1' }] }), validator, false)
    expect(found).toContainEqual({ kind: 'type-changed', pointer: '/data/0/n', recorded: 'number', now: 'string' })
  })

  it('names a schema validity change with the failing pointer', () => {
    const found = compare(answer(200, category()), answer(200, category({ hierarchy: 'one' })))
    expect(found).toContainEqual({ kind: 'schema', pointer: '/hierarchy', recorded: 'valid', now: 'invalid: must be integer' })
  })

  it('names content type and rate-limit header differences', () => {
    const found = compare(answer(200, category(), { ...JSON_TYPE, 'x-rate-limit-limit': '100' }), answer(200, category(), { 'content-type': 'text/plain' }))
    expect(found).toEqual(expect.arrayContaining([
      { kind: 'header', pointer: '/content-type', recorded: 'application/json', now: 'text/plain' },
      { kind: 'header', pointer: '/x-rate-limit-limit', recorded: '100', now: null },
    ]))
  })

  it('against a deployment, calls a status only time explains (Retry-After, an async status moving on) timing; against the mock it is a difference', () => {
    const generating = answer(404, { code: 404, key: 'not_found', message: 'x' }, { ...JSON_TYPE, 'retry-after': '3' })
    expect(compare(generating, answer(200, category()), true)).toEqual([{ kind: 'timing', pointer: '', recorded: 404, now: 200 }])
    expect(compare(generating, answer(200, category()), false)).toEqual([{ kind: 'status', pointer: '', recorded: 404, now: 200 }])
    const exportAt = (status: string) => answer(200, { id: 'exp_1', status })
    expect(compareAnswers('getExport', exportAt('SCHEDULED'), exportAt('DONE'), validator, true)).toContainEqual({ kind: 'timing', pointer: '/status', recorded: 'SCHEDULED', now: 'DONE' })
    expect(compareAnswers('getExport', exportAt('SCHEDULED'), exportAt('DONE'), validator, false)).toContainEqual({ kind: 'async-status', pointer: '/status', recorded: 'SCHEDULED', now: 'DONE' })
  })
})
