import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

// Read with the plain YAML parser on purpose: this test must not depend on the validator it guards.
const specFile = fileURLToPath(new URL('./openapi.yaml', import.meta.url))
const spec = parse(readFileSync(specFile, 'utf8')) as {
  servers: Array<{ url: string; variables?: Record<string, { default: string; enum?: string[] }> }>
  paths: Record<string, Record<string, Operation>>
  components: { responses: Record<string, unknown> }
}

interface Operation {
  operationId?: string
  security?: Array<Record<string, string[]>>
  responses?: Record<string, unknown>
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

// Written out literally so a renamed path or operationId in the spec fails here, not in a client.
const SEED_OPERATIONS: Array<[method: string, path: string, operationId: string]> = [
  ['POST', '/v1/campaigns', 'createCampaign'],
  ['GET', '/v1/campaigns', 'listCampaigns'],
  ['POST', '/v1/categories', 'createCategory'],
  ['PUT', '/v1/rewards/{rewardId}/assignments/{assignmentId}', 'updateRewardAssignment'],
  ['GET', '/v1/referrals/{campaignId}/members/{memberId}/holders', 'listReferralCodeHolders'],
  ['GET', '/v1/referrals/members/{memberId}/holders', 'listMemberHolders'],
  ['POST', '/v1/campaigns/{campaignId}/transactions/export', 'exportCampaignTransactions'],
  ['POST', '/management/v1/projects/{projectId}/templates/campaigns/{campaignTemplateId}/copy', 'copyCampaignTemplate'],
  ['GET', '/management/v1/projects/{projectId}/metadata-schemas/{metadataSchemaId}', 'getMetadataSchema'],
  ['POST', '/v1/validations', 'validateStackedDiscounts'],
  ['POST', '/v1/redemptions', 'redeemStackedDiscounts'],
]

// What a client needs to observe and use what the seed's operations create.
const OBSERVING_OPERATIONS: Array<[method: string, path: string, operationId: string]> = [
  ['GET', '/v1/campaigns/{campaignId}', 'getCampaign'],
  ['DELETE', '/v1/campaigns/{campaignId}', 'deleteCampaign'],
  ['GET', '/v1/vouchers', 'listVouchers'],
  ['GET', '/v1/exports/{exportId}', 'getExport'],
  ['POST', '/v1/oauth/token', 'createOAuthToken'],
]

const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
)

describe('spec/openapi.yaml operations', () => {
  it.each([...SEED_OPERATIONS, ...OBSERVING_OPERATIONS])('has %s %s as %s', (method, path, operationId) => {
    const op = spec.paths[path]?.[method.toLowerCase()]
    expect(op, `${method} ${path} is missing`).toBeDefined()
    expect(op?.operationId).toBe(operationId)
  })

  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations.map(({ method, path, op }) => op.operationId ?? `<none on ${method} ${path}>`)
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('gives every operation security and a documented 401', () => {
    for (const { method, path, op } of operations) {
      expect(op.security?.length, `${method} ${path} has no security`).toBeGreaterThan(0)
      for (const requirement of op.security ?? []) expect(Object.keys(requirement).length).toBeGreaterThan(0)
      expect(op.responses?.['401'], `${method} ${path} documents no 401`).toBeDefined()
    }
  })

  it('lets app operations use app keys or a bearer token, management operations management keys, and the browser API client keys or a bearer token', () => {
    for (const { path, op } of operations) {
      const schemes = (op.security ?? []).map((requirement) => Object.keys(requirement).sort().join('+'))
      if (path.startsWith('/management/')) expect(schemes).toEqual(['managementId+managementToken'])
      else if (path.startsWith('/client/')) expect(schemes).toEqual(['clientApplicationId+clientToken', 'oauth2'])
      else expect(schemes).toContain('appId+appToken')
    }
  })
})

describe('spec/openapi.yaml servers', () => {
  it('templates the cluster with exactly the six values, api by default', () => {
    const [real] = spec.servers
    expect(real.url).toBe('https://{cluster}.{domain}')
    expect(real.variables?.cluster.default).toBe('api')
    expect([...(real.variables?.cluster.enum ?? [])].sort()).toEqual(
      ['api', 'as1.api', 'as1.download', 'download', 'us1.api', 'us1.download'].sort(),
    )
    expect(real.variables?.domain.default).toBe('voucherify.io')
  })

  it('also lists the local mock', () => {
    expect(spec.servers.map((server) => server.url)).toContain('http://127.0.0.1:4010')
  })
})
