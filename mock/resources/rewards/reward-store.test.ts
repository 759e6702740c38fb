import { describe, expect, it } from 'vitest'
import { FIXTURE_EPOCH, ManualClock, toIso } from '../../../src/clock.js'
import { sequentialIds } from '../../../src/ids.js'
import { catchApiError } from '../../testing/catch-api-error.js'
import { RewardStore, type Reward } from './reward-store.js'

const reward = (id: string): Reward => ({
  id,
  name: `Reward ${id}`,
  type: 'MATERIAL',
  parameters: {},
  metadata: {},
  created_at: toIso(FIXTURE_EPOCH - 1000),
  updated_at: null,
  object: 'reward',
})

function setup() {
  const clock = new ManualClock()
  const store = new RewardStore({ clock, ids: sequentialIds() })
  store.addReward(reward('rew_a'))
  store.addReward(reward('rew_b'))
  const a = store.assign('rew_a', 'camp_loyal', 100)
  const b = store.assign('rew_b', 'camp_loyal', 250)
  return { clock, store, a, b }
}

describe('RewardStore', () => {
  it('updates the points of an assignment and stamps updated_at from the clock', () => {
    const { clock, store, a } = setup()
    clock.advance(5_000)
    const updated = store.updateRewardAssignment('rew_a', a.id, { parameters: { loyalty: { points: 42 } } })
    expect(updated.parameters.loyalty.points).toBe(42)
    expect(updated.updated_at).toBe(toIso(FIXTURE_EPOCH + 5_000))
    expect(store.pointsPrice('rew_a', 'camp_loyal')).toBe(42)
  })

  it('answers 404 reward for an unknown reward', () => {
    const { store, a } = setup()
    const error = catchApiError(() => store.updateRewardAssignment('rew_nope', a.id, {}))
    expect([error.status, error.resourceType, error.resourceId]).toEqual([404, 'reward', 'rew_nope'])
  })

  it('answers 404 reward_assignment for an unknown assignment or one of another reward', () => {
    const { store, b } = setup()
    expect(catchApiError(() => store.updateRewardAssignment('rew_a', 'rewa_nope', {})).resourceType).toBe('reward_assignment')
    const foreign = catchApiError(() => store.updateRewardAssignment('rew_a', b.id, {}))
    expect([foreign.status, foreign.key, foreign.resourceId]).toEqual([404, 'not_found', b.id])
  })

  it('tells checkout whether a reward is assigned to a campaign and at what price', () => {
    const { store } = setup()
    expect(store.isAssigned('rew_b', 'camp_loyal')).toBe(true)
    expect(store.isAssigned('rew_b', 'camp_other')).toBe(false)
    expect(store.pointsPrice('rew_b', 'camp_loyal')).toBe(250)
    expect(store.pointsPrice('rew_a', 'camp_other')).toBeUndefined()
  })

  it('returns copies, so callers cannot mutate the stored state', () => {
    const { store, a } = setup()
    store.getAssignment('rew_a', a.id).parameters.loyalty.points = 1
    expect(store.pointsPrice('rew_a', 'camp_loyal')).toBe(100)
  })
})
