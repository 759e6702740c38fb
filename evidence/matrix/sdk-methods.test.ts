import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { VoucherifyClientSide, VoucherifyServerSide } from '@voucherify/sdk'
import { describe, expect, it } from 'vitest'
import { loadCompiledSpec } from '../../src/validation/validator.js'
import { packageRoot } from '../../src/paths.js'
import choices from './documented-choices.json' with { type: 'json' }
import sdk from './sdk-methods.json' with { type: 'json' }

const { validator } = await loadCompiledSpec()
const operationIds = new Set(validator.operations.map((op) => op.operationId))

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
