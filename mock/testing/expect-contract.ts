import { fileURLToPath } from 'node:url'
import { specPath } from '../../src/paths.js'
import { loadSpec } from '../../src/spec/load-spec.js'
import { createContractValidator, type ContractValidator } from '../../src/validation/validator.js'
import { sharedSpec } from './shared-spec.js'

let current: ContractValidator | undefined

/** Makes expectContract use this validator (createTestApp does it with the app's own). */
export function useValidator(validator: ContractValidator): void {
  current = validator
}

/** Loads the spec's validator for expectContract without building an app. */
export async function loadContractValidator(path = specPath()): Promise<ContractValidator> {
  current ??= path === specPath() ? (await sharedSpec()).validator : createContractValidator(await loadSpec(path))
  return current
}

// Responses of a mock built without createTestApp (createMockServer, MSW handlers) are checked against the bundled spec.
const bundled = (await sharedSpec()).validator

/** The validator of the control API (mock/control/control-openapi.yaml), for expectContract on /_mock answers. */
export async function loadControlValidator(): Promise<ContractValidator> {
  return createContractValidator(await loadSpec(fileURLToPath(new URL('../control/control-openapi.yaml', import.meta.url))))
}

/** What expectContract reads from a supertest (or fetch-like) response. */
export interface ResponseLike {
  status: number
  body?: unknown
  text?: string
  headers: Record<string, string | string[] | undefined>
}

/**
 * Fails unless the response is one the spec documents for the operation (status, content type, body).
 * @example expectContract(await request.get('/v1/campaigns').set(headers.app), 'listCampaigns')
 */
export function expectContract(res: ResponseLike, operationId: string, validator = current ?? bundled): void {
  const contentType = String(res.headers['content-type'] ?? '')
  const isJson = contentType === '' || /json/i.test(contentType)
  const body = isJson ? res.body : (res.text ?? res.body)
  const outcome = validator.validateResponse(operationId, res.status, body, res.headers as Record<string, string>)
  if (outcome.valid) return
  const lines = outcome.violations.map((v) => `  - ${v.pointer || '/'}: ${v.message} (${v.keyword})`)
  throw new Error(`${operationId} ${res.status} breaks the contract:\n${lines.join('\n')}\nbody: ${truncate(JSON.stringify(body))}`)
}

const truncate = (text: string | undefined, max = 800): string => (text && text.length > max ? `${text.slice(0, max)}…` : (text ?? ''))
