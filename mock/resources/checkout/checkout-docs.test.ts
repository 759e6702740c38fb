import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, loadControlValidator, type TestApp } from '../../testing/index.js'
import { differences, parseDocumented, pick, readDocExamples, type DocCall } from './testing/doc-examples.js'

// docs/checkout.md's worked examples, run against the mock as a frontend developer would copy them:
// each section on a fresh mock (fixtures, sequential ids, the fixture clock), every request in order,
// every answer checked against the spec and against what the guide shows. A change of behaviour that
// the guide does not follow fails here.
const guide = readFileSync(new URL('../../../docs/checkout.md', import.meta.url), 'utf8')
const sections = readDocExamples(guide)
const control = await loadControlValidator()

interface Answer {
  status: number
  body: unknown
}

/** `"ssn_..."` in a request stands for the id of that kind the mock answered last in this section. */
function withIds(body: string, seen: Map<string, string>): string {
  return body.replace(/"([a-z]+)_\.\.\."/g, (all, prefix: string) => (seen.has(prefix) ? JSON.stringify(seen.get(prefix)) : all))
}

function remember(value: unknown, seen: Map<string, string>): void {
  if (typeof value === 'string' && /^[a-z]+_[A-Za-z0-9]+$/.test(value)) seen.set(value.slice(0, value.indexOf('_')), value)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) remember(v, seen)
}

async function run(app: TestApp, call: DocCall, seen: Map<string, string>): Promise<Answer> {
  const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'
  let req = app.request[method](call.path)
  if (call.auth) req = req.set(app.headers.app)
  const res = call.body === undefined ? await req : await req.set('Content-Type', 'application/json').send(withIds(call.body, seen))
  const where = `line ${call.line}: ${call.method} ${call.path}`
  const isControl = call.path.startsWith('/_mock/')
  const validator = isControl ? control : app.deps.validator
  const route = validator.matchRoute(call.method, call.path.split('?')[0])
  if (!route || 'methodNotAllowed' in route) throw new Error(`${where}: no operation in the spec`)
  expectContract(res, route.operation.operationId, validator)
  const status = call.expected?.status
  if (status !== undefined) expect(res.status, where).toBe(status)
  else expect(res.status, `${where} answered ${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(300)
  if (call.expected?.json) expect(differences(res.body, parseDocumented(call.expected.json)).join('\n'), where).toBe('')
  remember(res.body, seen)
  return { status: res.status, body: res.body }
}

describe('docs/checkout.md worked examples', () => {
  it('has examples to check, each JSON example tied to an answer', () => {
    const answers = sections.flatMap((s) => s.steps.filter((step) => step.kind === 'answer'))
    expect(sections.length).toBeGreaterThanOrEqual(6)
    expect(answers.length).toBeGreaterThanOrEqual(5)
  })

  it.each(sections.map((s) => [s.title, s] as const))('%s', async (_title, section) => {
    const app = await createTestApp()
    const seen = new Map<string, string>()
    let last: Answer | undefined
    for (const step of section.steps) {
      if (step.kind === 'call') {
        last = await run(app, step.call, seen)
        continue
      }
      if (!last) throw new Error(`line ${step.line}: an answer shown before any request`)
      const part = pick(last.body, step.path)
      expect(differences(part, parseDocumented(step.json)).join('\n'), `line ${step.line}: ${step.path || 'the answer'}`).toBe('')
    }
  })
})

describe('reading documented JSON', () => {
  it('treats ... as what is left out and fails on what differs', () => {
    const documented = parseDocumented('{ "a": 1, "list": [ { "id": "x", ... }, ... ], "key": "ssn_...", ... // note\n}')
    expect(differences({ a: 1, b: 2, list: [{ id: 'x', more: true }, { id: 'y' }], key: 'ssn_0001' }, documented)).toEqual([])
    expect(differences({ a: 2, list: [], key: 'val_0001' }, documented)).toEqual([
      '.a: 2, the documentation shows 1',
      '.list: 0 items, the documentation shows 1 or more',
      '.key: "val_0001" does not start with ssn_',
    ])
    expect(differences({ list: [1, 2] }, parseDocumented('{"list": [1]}'))).toEqual(['.list: 2 items, the documentation shows 1'])
  })
})
