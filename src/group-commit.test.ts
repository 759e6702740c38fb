import { describe, expect, it } from 'vitest'
import { GroupCommit } from './group-commit.js'

/** A writer whose writes finish when the test says: what is added meanwhile must wait for the next write. */
function heldWrites() {
  const writes: number[][] = []
  const finish: Array<(error?: Error) => void> = []
  const write = (items: number[]) => new Promise<void>((resolve, reject) => {
    writes.push([...items])
    finish.push((error) => (error ? reject(error) : resolve()))
  })
  return { writes, finish, write }
}

describe('GroupCommit', () => {
  it('writes what was added during a write together in the next one, in order, one write at a time', async () => {
    const { writes, finish, write } = heldWrites()
    const commit = new GroupCommit(write)
    const settled: number[] = []
    const add = (n: number) => commit.add(n).then(() => settled.push(n))

    const first = add(1)
    const rest = [2, 3, 4].map(add)
    expect(writes).toEqual([[1]])
    finish[0]()
    await first
    expect(settled).toEqual([1])
    expect(writes).toEqual([[1], [2, 3, 4]])
    finish[1]()
    await Promise.all(rest)
    await commit.idle()
    expect(settled).toEqual([1, 2, 3, 4])
  })

  it('after a failed write, that batch and every later add are refused with its error, and nothing more is written', async () => {
    const { writes, finish, write } = heldWrites()
    const failures: Error[] = []
    const commit = new GroupCommit(write, (error) => failures.push(error))
    const first = commit.add(1)
    const second = commit.add(2)
    finish[0](new Error('ENOSPC'))
    await expect(first).rejects.toThrow('ENOSPC')
    await expect(second).rejects.toThrow('ENOSPC')
    await expect(commit.add(3)).rejects.toThrow('ENOSPC')
    await commit.idle()
    expect(writes).toEqual([[1]])
    expect(failures.map((e) => e.message)).toEqual(['ENOSPC'])
    expect(commit.failed?.message).toBe('ENOSPC')
  })
})
