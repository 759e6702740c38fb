import { spawn, type ChildProcess } from 'node:child_process'
import { realpathSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSpec } from '../src/spec/load-spec.js'
import type { OperationInfo } from '../src/spec/operations.js'
import { packageRoot, specPath } from '../src/paths.js'
import { createContractValidator } from '../src/validation/validator.js'

// A second, independent engine (Stoplight Prism) mocks the same spec from its examples; every answer it gives
// to a GET must satisfy our validator. Disagreement means one of the two reads the spec differently.
const contracts = createContractValidator(await loadSpec())
const gets = contracts.operations.filter((op) => op.method === 'GET')
const STARTUP_MS = 60_000

let prism: ChildProcess | undefined
let baseUrl = ''
let output = ''

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function waitUntilAnswering(url: string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS
  while (Date.now() < deadline) {
    if (prism?.exitCode !== null) throw new Error(`prism exited with ${prism?.exitCode}:\n${output}`)
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) })
      return
    } catch {
      // Polling a starting child process, not sleeping in a test: nothing else tells us it is ready.
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  throw new Error(`prism did not answer within ${STARTUP_MS / 1000} s:\n${output}`)
}

/** A concrete path for the operation, with each path parameter taken from the spec's examples. */
function examplePath(op: OperationInfo): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name)
    const schema = (param?.schema ?? {}) as { examples?: unknown[]; example?: unknown }
    const value = schema.examples?.[0] ?? schema.example
    if (value === undefined) throw new Error(`${op.operationId}: path parameter ${name} has no example`)
    return encodeURIComponent(String(value))
  })
}

function credentials(op: OperationInfo): Record<string, string> {
  const schemes = new Set(op.security.flatMap((requirement) => Object.keys(requirement)))
  if (schemes.has('managementId')) return { 'X-Management-Id': 'promokit-management-id', 'X-Management-Token': 'promokit-management-token' }
  if (schemes.has('clientApplicationId')) return { 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token' }
  return { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'promokit-app-token' }
}

async function call(op: OperationInfo, accept: string) {
  const res = await fetch(baseUrl + examplePath(op), { headers: { ...credentials(op), accept } })
  const type = res.headers.get('content-type') ?? ''
  const text = await res.text()
  const body = type.includes('json') && text ? JSON.parse(text) : text
  return { status: res.status, body, headers: Object.fromEntries(res.headers) }
}

describe('prism mock agrees with our validator', () => {
  beforeAll(async () => {
    const port = await freePort()
    const cli = realpathSync(join(packageRoot(), 'node_modules', '.bin', 'prism'))
    prism = spawn(process.execPath, [cli, 'mock', specPath(), '-h', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] })
    const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-20_000) }
    prism.stdout?.on('data', keep)
    prism.stderr?.on('data', keep)
    baseUrl = `http://127.0.0.1:${port}`
    await waitUntilAnswering(baseUrl)
  }, STARTUP_MS + 30_000)

  afterAll(() => {
    prism?.kill('SIGTERM')
  })

  it('covers every GET operation', () => {
    expect(gets.map((op) => op.operationId).sort()).toEqual(
      [
        'clientListPromotionTiers', 'getAsyncAction', 'getCampaign', 'getExport', 'getMetadataSchema', 'getRedemption', 'getVoucher', 'getVoucherRedemptions', 'listAsyncActions',
        'listCampaigns', 'listMemberHolders', 'listRedemptions', 'listReferralCodeHolders', 'listVoucherRedemptions', 'listVouchers', 'getValidationRule', 'listValidationRules',
        'listValidationRuleAssignments',
        'listCategories', 'getCategory', 'getRewardAssignment', 'listRewardAssignments', 'listExports',
        'listCampaignTemplates', 'listProjectCampaignTemplates', 'listMetadataSchemas', 'listProjectMetadataSchemas', 'getMetadataSchemaByResource',
        'listPromotionTiers', 'getPromotionTier', 'listCampaignPromotionTiers',
      ].sort(),
    )
  })

  it.each(gets.map((op) => [op.operationId, op] as const))('%s: prism answers 2xx with a body our validator accepts', async (_id, op) => {
    const res = await call(op, 'application/json')
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200)
    expect(res.status).toBeLessThan(300)
    expect(contracts.validateResponse(op.operationId, res.status, res.body, res.headers).violations).toEqual([])
  })

  it('getExport: the CSV download variant also validates', async () => {
    const op = contracts.operation('getExport')!
    const res = await call(op, 'text/csv')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(contracts.validateResponse('getExport', res.status, res.body, res.headers).violations).toEqual([])
  })
})
