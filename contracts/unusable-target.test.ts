import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { runSuite } from './runner.js'
import { runContractCommand } from './testing/run-contract-command.js'
import { useSuiteAndMock } from './testing/suite-and-mock.js'
import type { FaultInput } from '../mock/control/faults.js'
import { answerHeader, rewrite, set, status } from './testing/variants/defect-faults.js'
import { armFaults } from './testing/variants/run-wrapped.js'

const t = useSuiteAndMock()

const contract = runContractCommand

/** A static file server: `status` and an HTML page for every path, as a frontend's dev server or a CDN answers. */
async function staticSite(status: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>My shop</title>'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

describe('the start-up probe recognises "not this API here" (issue 26 section 1)', () => {
  it.each([[200], [404]])('a static file server answering %i: one line, exit 2, no check run', async (status) => {
    const site = await staticSite(status)
    try {
      const run = await contract(['--base-url', site.url, '--app-id', 'a', '--app-token', 'b'])
      expect(run.code).toBe(2)
      expect(run.message).toBe(status === 200
        ? `not the campaign API at ${site.url}: GET /v1/campaigns answered 200 text/html, not the API's JSON (is the base URL, with its path prefix, right?)`
        : `not the campaign API at ${site.url}: GET /v1/campaigns answered 404 (text/html): no such route (is the base URL, with its path prefix, right?)`)
      expect(run.out).not.toMatch(/✗|✓/)
    } finally {
      await site.close()
    }
  })

  it('a base URL with a wrong path prefix: one line, exit 2', async () => {
    const { appId, appToken } = t.mock.credentials
    const run = await contract(['--base-url', `${t.mock.url}/api`, '--app-id', appId, '--app-token', appToken])
    expect([run.code, run.message]).toEqual([2, `not the campaign API at ${t.mock.url}/api: GET /v1/campaigns answered 404 (application/json, not_found): no such route (is the base URL, with its path prefix, right?)`])
    expect(run.out.split('\n').length).toBeLessThan(5)
  })
})

describe('operations the target does not serve (issue 26 section 1)', () => {
  it('are one failure per operation, listed first, and every check that needs one is not run, saying the same', async () => {
    await t.mock.reset()
    // A deployment without the categories routes: a gateway's text, a JSON 404 naming no resource, the mock's route 404.
    const notFound = { code: 404, key: 'not_found', message: 'Not found' }
    const answers: Record<string, FaultInput[]> = {
      createCategory: [status('createCategory', 404), answerHeader('createCategory', 'content-type', 'text/plain', 404)],
      listCategories: [status('listCategories', 404), set('listCategories', '', notFound, 404)],
      getCategory: [status('getCategory', 404), set('getCategory', '', { ...notFound, resource_type: 'route' }, 404)],
    }
    // no route: refused before its keys or its body are looked at
    const refusedFirst = Object.keys(answers).flatMap((op) => [400, 401, 403].map((from) => rewrite(op, from, 404)))
    await armFaults(t.mock.url, [...refusedFirst, ...Object.values(answers).flat()])
    const unserved = new Set(Object.keys(answers))
    try {
      const { credentials } = t.mock
      const report = await runSuite({ baseUrl: t.mock.url, credentials, ids: { projectId: credentials.projectId }, isMock: true, validator: t.suite.validator, checks: t.suite.checks, grep: /categor/ })
      const served = report.results.filter((r) => r.id.startsWith('served.'))
      expect(served.map((r) => r.id).sort()).toEqual([...unserved].map((op) => `served.${op}`).sort())
      expect(report.results.slice(0, served.length)).toEqual(served)
      for (const r of served) {
        expect(r.status).toBe('failed')
        expect(r.failure!.problems).toEqual([expect.objectContaining({ keyword: 'no-route', message: expect.stringMatching(/^the target has no route for \w+: 404/) })])
        expect(r.failure!.curl).toMatch(/^curl /)
      }
      const rest = report.results.slice(served.length)
      const touching = rest.filter((r) => r.operationIds.some((op) => unserved.has(op)))
      expect(touching.length).toBeGreaterThan(0)
      for (const r of touching) {
        expect(r.status, r.id).toBe('skipped')
        expect(r.notRun, r.id).toBe('unserved')
        expect(r.reason, r.id).toMatch(/^not run: the target does not serve \w+ \(served\.\w+\)/)
      }
      // the only failures are the unserved operations themselves
      expect(report.summary.failed).toBe(served.length)
    } finally {
      await t.mock.reset()
    }
  })
})
