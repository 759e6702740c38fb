import { ApiError } from '../engine/errors.js'

/**
 * Runs `fn` and returns the ApiError it throws, so a test can assert on status, key and details
 * together. Anything else thrown is rethrown, and not throwing at all fails the test.
 */
export function catchApiError(fn: () => unknown): ApiError {
  try {
    fn()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('expected an ApiError')
}
