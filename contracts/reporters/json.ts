import type { RunReport } from '../types.js'

/** The whole run for tools: checks, failures with their problems (JSON pointers), coverage, cleanup. */
export function renderJson(report: RunReport): string {
  return `${JSON.stringify({ format: 'promokit-contract-report', version: 1, ...report }, null, 2)}\n`
}
