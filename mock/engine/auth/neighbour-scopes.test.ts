import { describe, expect, it } from 'vitest'
import { createTestApp, expectContract, type TestApp } from '../../testing/index.js'

// Issue 13 item 6: the operations next to the nine take the OAuth scopes the real service documents for them:
// `api` or their resource's own scope, and no other resource's.
const READS: Array<[operationId: string, path: string, scope: string]> = [
  ['updateCampaign', '/v1/campaigns/camp_demo0001', 'campaigns'],
  ['listCategories', '/v1/categories', 'categories'],
  ['getCategory', '/v1/categories/cat_demo0001', 'categories'],
  ['listRewardAssignments', '/v1/rewards/rew_demo0001/assignments', 'rewards'],
  ['getRewardAssignment', '/v1/rewards/rew_demo0001/assignments/rewa_demo0001', 'rewards'],
  ['listExports', '/v1/exports', 'exports'],
  ['listPromotionTiers', '/v1/promotions/tiers', 'promotions'],
  ['getPromotionTier', '/v1/promotions/tiers/promo_demo0001', 'promotions'],
  ['listCampaignPromotionTiers', '/v1/promotions/camp_demo0004/tiers', 'promotions'],
  ['listCampaignTemplates', '/v1/templates/campaigns', 'templates'],
  ['listMetadataSchemas', '/v1/metadata-schemas', 'metadata-schemas'],
]

async function bearer(t: TestApp, scope: string): Promise<Record<string, string>> {
  const res = await t.request.post('/v1/oauth/token').set(t.headers.app).type('form').send({ grant_type: 'client_credentials', scope })
  expect(res.status, res.text).toBe(200)
  return { Authorization: `Bearer ${res.body.access_token}` }
}

describe('OAuth scopes of the neighbouring operations', () => {
  it.each(READS)('%s takes api or %s… and refuses another resource\'s scope', async (operationId, path, scope) => {
    const t = await createTestApp()
    const call = (headers: Record<string, string>) =>
      operationId === 'updateCampaign' ? t.request.put(path).set(headers).send({ description: 'scoped' }) : t.request.get(path).set(headers)
    for (const allowed of ['api', scope]) {
      const res = await call(await bearer(t, allowed))
      expectContract(res, operationId)
      expect(res.status, `${allowed}: ${res.text}`).toBe(200)
    }
    const other = scope === 'vouchers' ? 'redemptions' : 'vouchers'
    const refused = await call(await bearer(t, other))
    expectContract(refused, operationId)
    expect(refused.status).toBe(401)
    expect(refused.body.key).toBe('unauthorized')
  })
})
