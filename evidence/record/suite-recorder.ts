import { Transport, type TransportRequest, type TransportResponse } from '../../contracts/http-transport.js'
import { harEntryText } from '../har/har-entry.js'
import { HarWriter } from '../har/har-writer.js'
import { packageVersion } from '../../src/cli/run-cli.js'

/**
 * `promokit contract --record run.har`: the suite's one transport, with every exchange it makes (checks,
 * discovery, cleanup, the mock's clock moves) written to a HAR file as it happens.
 */
export function recordingTransport(path: string): { transport: Transport; writer: HarWriter } {
  const writer = new HarWriter(path, { name: 'promokit contract', version: packageVersion() })
  const transport = new Transport((request, response, startedAt, durationMs) => writer.append(harEntryText(fromTransport(request, response, startedAt, durationMs))))
  return { transport, writer }
}

function fromTransport(request: TransportRequest, response: TransportResponse, startedAt: number, durationMs: number) {
  return {
    startedAt,
    durationMs,
    request: { method: request.method, url: request.url, headers: Object.entries(request.headers), body: request.body === undefined ? undefined : Buffer.from(request.body) },
    response: { status: response.status, headers: Object.entries(response.headers), body: Buffer.from(response.text) },
  }
}
