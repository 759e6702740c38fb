import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { VoucherifyClientSide, VoucherifyServerSide } from '@voucherify/sdk'
import { describe, expect, it } from 'vitest'
import { loadCompiledSpec } from '../../src/validation/validator.js'
import { packageRoot } from '../../src/paths.js'
import choices from './documented-choices.json' with { type: 'json' }
import python from './python-sdk-endpoints.json' with { type: 'json' }
import sdk from './sdk-methods.json' with { type: 'json' }

const { validator } = await loadCompiledSpec()
const operationIds = new Set(validator.operations.map((op) => op.operationId))
const sameRoute = (path: string) => path.replace(/\{[^}]+\}/g, '{}')
const routeOf = new Map(validator.operations.map((op) => [op.operationId, `${op.method.toUpperCase()} ${sameRoute(op.path)}`]))

/**
 * What is wrong with a Python table against the SDK's own endpoint list (python-sdk-endpoints.json): a method
 * the SDK does not have, one that calls another route than the operation's, or an SDK method for an operation
 * the table leaves out.
 */
function pythonProblems(table: Record<string, string[]>, endpoints: typeof python.methods): string[] {
  const routes = new Map(endpoints.map(([name, method, path]) => [name, `${method} ${sameRoute(path)}`]))
  const problems: string[] = []
  for (const [operationId, names] of Object.entries(table)) {
    for (const name of names) {
      const route = routes.get(name)
      if (route === undefined) problems.push(`${operationId}: ${name} is not a method of voucherify ${python.version}`)
      else if (route !== routeOf.get(operationId)) problems.push(`${operationId}: ${name} calls ${route}, not ${routeOf.get(operationId)}`)
    }
  }
  for (const [name] of endpoints) {
    const operationId = [...routeOf].find(([, route]) => route === routes.get(name))?.[0]
    if (!operationId) problems.push(`${name} calls no operation of the spec`)
    else if (!table[operationId]?.includes(name)) problems.push(`${operationId}: the table leaves out ${name}`)
  }
  return problems
}

describe('the SDK methods table (evidence/matrix/sdk-methods.json)', () => {
  it('names only operationIds of the spec', () => {
    const named = [...Object.keys(sdk.js.methods), ...Object.keys(sdk.python.methods)]
    expect(named.filter((id) => !operationIds.has(id))).toEqual([])
  })

  it('names JS methods that exist on the installed official SDK', () => {
    const server = VoucherifyServerSide({ applicationId: 'a', secretKey: 'b', apiUrl: 'http://127.0.0.1:1' }) as unknown as Record<string, unknown>
    const client = VoucherifyClientSide({ clientApplicationId: 'a', clientSecretKey: 'b', apiUrl: 'http://127.0.0.1:1', origin: 'http://localhost' }) as unknown as Record<string, unknown>
    const missing = Object.values(sdk.js.methods).flat().filter((path) => {
      const [head, ...rest] = path.split('.')
      let at: any = head === 'client' ? client : server[head]
      for (const part of rest) at = at?.[part]
      return typeof at !== 'function'
    })
    expect(missing).toEqual([])
  })

  it(`names Python methods that the Python SDK (voucherify ${python.version}) has, calling the operation's route, and leaves none out`, () => {
    expect(python.methods.length).toBeGreaterThan(40)
    expect(pythonProblems(sdk.python.methods, python.methods)).toEqual([])
  })

  it('would notice a Python method that does not exist, one on another route, and one left out', () => {
    const table: Record<string, string[]> = { ...sdk.python.methods, listCampaigns: ['CampaignsApi.list_all_campaigns'], getCampaign: ['CampaignsApi.list_campaigns'] }
    delete table.getVoucher
    expect(pythonProblems(table, python.methods)).toEqual([
      'listCampaigns: CampaignsApi.list_all_campaigns is not a method of voucherify 5.0.1',
      'getCampaign: CampaignsApi.list_campaigns calls GET /v1/campaigns, not GET /v1/campaigns/{}',
      'getCampaign: the table leaves out CampaignsApi.get_campaign',
      'listCampaigns: the table leaves out CampaignsApi.list_campaigns',
      'getVoucher: the table leaves out VouchersApi.get_voucher',
    ])
  })

  it('would notice a method the SDK does not have', () => {
    const server = VoucherifyServerSide({ applicationId: 'a', secretKey: 'b', apiUrl: 'http://127.0.0.1:1' }) as unknown as Record<string, any>
    expect(typeof server.campaigns?.create).toBe('function')
    expect(typeof server.campaigns?.launchRocket).toBe('undefined')
  })
})

describe('the documented choices table (evidence/matrix/documented-choices.json)', () => {
  it('names operationIds of the spec and sections that exist in the docs', () => {
    for (const choice of choices.choices) {
      expect(choice.operationIds.filter((id) => !operationIds.has(id))).toEqual([])
      const [file, anchor] = choice.doc.split('#')
      const headings = readFileSync(join(packageRoot(), file), 'utf8').split('\n').filter((l) => l.startsWith('#'))
      const slugs = headings.map((h) => h.replace(/^#+\s*/, '').toLowerCase().replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-'))
      expect(slugs).toContain(anchor)
    }
  })
})
