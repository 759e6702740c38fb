import type { Credentials } from '../contracts/http-client.js'
import { prepareTarget } from '../contracts/prepare-target.js'
import { newRunId, runSuite } from '../contracts/runner.js'
import { loadSuite } from '../contracts/suite.js'
import type { RunReport } from '../contracts/types.js'
import type { ControlTarget } from './call-control.js'

/** The suite as a tool: what a run against the mock found, in the words of its report. */
export const CONTRACT_TOOL = {
  name: 'runContract',
  description: 'Run the conformance suite (promokit contract) against the mock and return its summary and failures. '
    + 'Checks create resources named pk-<run>-… and delete them at the end. A full run sends a few hundred requests '
    + 'and takes about a second against the mock; `grep` narrows it.',
  inputSchema: {
    type: 'object' as const,
    properties: {
      grep: { type: 'string', maxLength: 200, description: 'Only checks whose id or title matches this regular expression.' },
      readOnly: { type: 'boolean', description: 'Only checks that change nothing.' },
      maxRequests: { type: 'integer', minimum: 1, maximum: 5000, description: 'Hard limit on the requests of the run (default 500).' },
      appId: { type: 'string', description: 'X-App-Id (default: the mock\'s development keys).' },
      appToken: { type: 'string' },
      managementId: { type: 'string' },
      managementToken: { type: 'string' },
    },
    required: [] as string[],
    additionalProperties: false as const,
  },
}

export interface ContractArgs {
  grep?: string
  readOnly?: boolean
  maxRequests?: number
  appId?: string
  appToken?: string
  managementId?: string
  managementToken?: string
}

export interface ContractOutcome {
  summary: RunReport['summary']
  requests: number
  durationMs: number
  failures: { id: string; title: string; operationId?: string; curl?: string; problems: string[] }[]
  notes: string[]
}

/** Runs the suite against the target (always a promokit mock: waits advance its clock instead of sleeping). */
export async function runContractTool(target: ControlTarget, args: ContractArgs): Promise<ContractOutcome> {
  let grep: RegExp | undefined
  try {
    grep = args.grep === undefined ? undefined : new RegExp(args.grep, 'i')
  } catch (error) {
    throw new TypeError(`grep is not a regular expression: ${(error as Error).message}`, { cause: error })
  }
  const notes: string[] = []
  const credentials: Credentials = { appId: args.appId, appToken: args.appToken, managementId: args.managementId, managementToken: args.managementToken }
  const prepared = await prepareTarget({ baseUrl: target.url, credentials, ids: {} }, { stdout: { write: (text: string) => notes.push(text.trim()) } })
  const suite = await loadSuite()
  const report = await runSuite({
    baseUrl: prepared.baseUrl, credentials: prepared.credentials, isMock: prepared.isMock, ids: prepared.ids,
    validator: suite.validator, checks: suite.checks, readOnly: args.readOnly, grep, runId: newRunId(),
    maxRequests: args.maxRequests,
  })
  return {
    summary: report.summary,
    requests: report.requests,
    durationMs: report.durationMs,
    failures: report.results.filter((r) => r.status === 'failed').map((r) => ({
      id: r.id, title: r.title, operationId: r.failure?.operationId, curl: r.failure?.curl,
      problems: (r.failure?.problems ?? []).map((p) => `${p.location} ${p.pointer || '/'}: ${p.message}`),
    })),
    notes,
  }
}
