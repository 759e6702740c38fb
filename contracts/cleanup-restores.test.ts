import { describe, expect, it } from 'vitest'
import { RestoreTasks } from './cleanup-restores.js'
import type { HttpClient } from './http-client.js'

const client = (): HttpClient => ({}) as HttpClient

describe('RestoreTasks', () => {
  it('runs the tasks last-in first-out; of those restoring the same thing only the first added, which the others report as done by', async () => {
    const ran: string[] = []
    const tasks = new RestoreTasks()
    tasks.add('restore points to 5', async () => void ran.push('5'), 'PUT /a')
    tasks.add('restore name', async () => void ran.push('name'))
    tasks.add('restore points to 6', async () => void ran.push('6'), 'PUT /a')
    tasks.add('restore other to 1', async () => void ran.push('other'), 'PUT /b')
    const outcome = { deleted: [] as string[], failed: [] as string[] }
    await tasks.runAll(client, outcome)
    expect(ran).toEqual(['other', 'name', '5'])
    expect(outcome.deleted).toEqual(['restore other to 1', 'restore name', 'restore points to 5', 'restore points to 6: by the run\'s first restore of it (restore points to 5)'])
    expect(outcome.failed).toEqual([])
    expect(tasks.size).toBe(0)
  })

  it('a restore that failed fails the ones it stood for', async () => {
    const tasks = new RestoreTasks()
    tasks.add('restore points to 5', async () => {
      throw new Error('PUT answered 500')
    }, 'PUT /a')
    tasks.add('restore points to 6', async () => undefined, 'PUT /a')
    const outcome = { deleted: [] as string[], failed: [] as string[] }
    await tasks.runAll(client, outcome)
    expect(outcome.deleted).toEqual([])
    expect(outcome.failed).toEqual(['restore points to 5: PUT answered 500', 'restore points to 6: by the run\'s first restore of it (restore points to 5)'])
  })
})
