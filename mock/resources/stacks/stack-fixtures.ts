import type { PromotionStack } from './stack-store.js'

/** Seeded stacks per project: the fixtures' spring sale tiers (5% off, then $10 off) as one stack. */
export const STACK_FIXTURES: Record<string, PromotionStack[]> = {
  proj_demo0001: [
    {
      id: 'stack_demo0001',
      name: 'Spring bundle',
      created_at: '2026-01-06T09:00:00.000Z',
      updated_at: null,
      campaign_id: 'camp_demo0004',
      category_id: null,
      tiers: { ids: ['promo_demo0001', 'promo_demo0002'], hierarchy_mode: 'MANUAL' },
      object: 'promotion_stack',
    },
  ],
}

/** Adds the seeded stacks to a project's StackStore (called from the project seeding). */
export function seedStacks(projectId: string, stacks: { add(stack: PromotionStack): unknown }): void {
  for (const stack of STACK_FIXTURES[projectId] ?? []) stacks.add(stack)
}
