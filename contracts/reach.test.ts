import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REACH_TIMEOUT_MS, reachTarget } from './reach.js'
import { closedPort } from './testing/test-servers.js'

let silent: Server
let url: string

beforeAll(async () => {
  // Accepts connections and never answers: a target behind a black-holing firewall or a hung proxy.
  silent = createServer(() => {})
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
})

afterAll(() => {
  silent.closeAllConnections()
  return new Promise((resolve) => silent.close(resolve))
})

describe('reachTarget', () => {
  it('gives up on a target that does not answer, naming it and the wait', async () => {
    await expect(reachTarget(url, 100)).rejects.toThrow(`cannot reach ${url}: no answer within 100 ms`)
  })

  it('names the network reason for a refused connection', async () => {
    const closed = await closedPort()
    await expect(reachTarget(`http://127.0.0.1:${closed}`)).rejects.toThrow(new RegExp(`^cannot reach http://127\\.0\\.0\\.1:${closed}: .*ECONNREFUSED`))
  })

  it('leaves time, within the 5 s promised, for Node to start and print', () => {
    expect(REACH_TIMEOUT_MS).toBeLessThanOrEqual(4_000)
  })
})
