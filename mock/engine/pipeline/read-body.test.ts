import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.js'
import { parseBody } from './read-body.js'

const json = (text: string) => parseBody(Buffer.from(text), 'application/json', () => qs)

describe('parseBody', () => {
  it('takes JSON nested 64 levels and refuses 65 with invalid_payload', () => {
    expect(() => json(`${'['.repeat(64)}${']'.repeat(64)}`)).not.toThrow()
    const error = (() => {
      try {
        json(`${'['.repeat(65)}${']'.repeat(65)}`)
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).toBody('r')).toMatchObject({ key: 'invalid_payload', details: 'The body is nested deeper than 64 levels' })
  })

  it('does not count brackets inside strings as nesting', () => {
    expect(json(JSON.stringify({ name: '['.repeat(500), tags: ['{'.repeat(100)] }))).toEqual({ name: '['.repeat(500), tags: ['{'.repeat(100)] })
  })

  it('names the JSON syntax error in the details', () => {
    let error: unknown
    try {
      json('{"name":')
    } catch (caught) {
      error = caught
    }
    if (error === undefined) expect.unreachable('malformed JSON was accepted')
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).toBody('r').details).toMatch(/^The body is not valid JSON: /)
  })
})
