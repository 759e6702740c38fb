import { exec } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { createMockServer, type MockServer } from '../mock/adapters/node-server.js'
import { packageRoot } from '../src/paths.js'

// docs/ci-example.yml works as written: its promokit commands run here, with the mock as staging and the
// mock's keys as the repository's secrets. Only `npx promokit` (the built CLI) and `--cluster api` (the
// real production host, replaced by the mock) differ from what GitHub Actions runs.
const root = packageRoot()
const workflow = parse(readFileSync(join(root, 'docs', 'ci-example.yml'), 'utf8'))
let mock: MockServer
let dir: string

beforeAll(async () => {
  mock = await createMockServer()
  dir = mkdtempSync(join(tmpdir(), 'promokit-ci-'))
})
afterAll(async () => {
  await mock?.close()
  rmSync(dir, { recursive: true, force: true })
})

interface Step { name?: string; run?: string; env?: Record<string, string>; uses?: string; with?: Record<string, string> }

function context(): Record<string, string> {
  const c = mock.credentials
  return {
    'secrets.STAGING_URL': mock.url, 'secrets.PROMOKIT_APP_ID': c.appId, 'secrets.PROMOKIT_APP_TOKEN': c.appToken,
    'secrets.PROMOKIT_MANAGEMENT_ID': c.managementId, 'secrets.PROMOKIT_MANAGEMENT_TOKEN': c.managementToken, 'secrets.PROMOKIT_PROJECT_ID': c.projectId,
    'secrets.PROD_APP_ID': c.appId, 'secrets.PROD_APP_TOKEN': c.appToken,
  }
}

/** `${{ secrets.X }}` / `${{ vars.X }}` as Actions fills them: unset ones become empty strings. */
const fill = (text: string): string => text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => context()[name] ?? '')

async function runStep(step: Step): Promise<{ code: number; stdout: string; stderr: string }> {
  const command = fill(step.run!).replace(/npx promokit/g, `"${process.execPath}" "${join(root, 'bin', 'promokit.js')}"`).replace('--cluster api', `--base-url ${mock.url}`)
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PROMOKIT_'))), NO_COLOR: '1', ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, fill(v)])) }
  return promisify(exec)(command, { cwd: dir, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
}

const promokitSteps = (job: string): Step[] => (workflow.jobs[job].steps as Step[]).filter((s) => s.run?.includes('npx promokit'))

describe('docs/ci-example.yml', () => {
  it('the staging job runs the suite, writes every report into reports/ (created) and its steps find them', async () => {
    const [step] = promokitSteps('contract')
    const run = await runStep(step)
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed, \d+ skipped$/)
    const steps = workflow.jobs.contract.steps as Step[]
    const junit = steps.find((s) => s.uses?.startsWith('mikepenz/action-junit-report'))!.with!.report_paths
    const artifact = steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!.with!.path
    expect(existsSync(join(dir, junit))).toBe(true)
    for (const file of ['contract.html', 'contract.json']) expect(existsSync(join(dir, artifact, file)), file).toBe(true)
    expect(readFileSync(join(dir, junit), 'utf8')).toMatch(/<testsuites name="promokit contract" tests="\d+" failures="0"/)
  }, 120_000)

  it('the production smoke job runs read-only and writes its JUnit file where the next step reads it', async () => {
    const [step] = promokitSteps('smoke-production')
    expect(step.run).toContain('--read-only')
    const run = await runStep(step)
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const publish = (workflow.jobs['smoke-production'].steps as Step[]).find((s) => s.uses?.startsWith('mikepenz/action-junit-report'))!
    expect(existsSync(join(dir, publish.with!.report_paths))).toBe(true)
  }, 120_000)
})
