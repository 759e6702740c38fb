import { describe, expect, it } from 'vitest'
import { formatLine, resolveLogFormat } from './log-format.js'

describe('terminal log lines', () => {
  it('show a failed request with its level, status, time and operation, and an error with its stack', () => {
    const line = JSON.stringify({
      level: 50, time: Date.UTC(2026, 0, 2, 3, 4, 5, 6), req: { id: 'v-1', method: 'POST', url: '/v1/campaigns' },
      res: { statusCode: 500 }, responseTime: 7, operationId: 'createCampaign', err: { message: 'boom', stack: 'Error: boom\n    at x' },
    })
    expect(formatLine(line)).toBe('03:04:05.006 ERROR POST /v1/campaigns 500 7 ms createCampaign v-1\nError: boom\n    at x\n')
    expect(formatLine(line, true)).toContain('\u001b[31mERROR\u001b[0m')
  })

  it('show a message line by its text, and pass anything that is not JSON through', () => {
    expect(formatLine(JSON.stringify({ level: 30, time: 0, msg: 'shutting down' }))).toBe('00:00:00.000 INFO  shutting down\n')
    expect(formatLine('plain text')).toBe('plain text\n')
  })

  it('are chosen for a terminal; JSON otherwise, unless asked', () => {
    expect(resolveLogFormat('auto', { isTTY: true })).toBe('pretty')
    expect(resolveLogFormat('auto', {})).toBe('json')
    expect(resolveLogFormat('json', { isTTY: true })).toBe('json')
  })
})
