// The entry of the worker thread that runs `promokit contract`'s in-process mock (see mock-beside.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { createMockServer } from '../mock/adapters/node-server.js'
import type { mockOptions } from './mock-beside.js'

const server = await createMockServer(workerData as ReturnType<typeof mockOptions>)
parentPort!.postMessage({ url: server.url, credentials: server.credentials })
parentPort!.once('message', () => void server.close().then(() => parentPort!.close()))
