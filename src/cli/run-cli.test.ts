import { PassThrough } from 'node:stream'
import { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { CliError } from './cli-error.js'
import { envValue, integerOption, numberOption } from './options.js'
import { packageVersion, runCli, type CliIo } from './run-cli.js'

function harness() {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  const out = { stdout: '', stderr: '', exits: [] as number[] }
  stdout.on('data', (c) => (out.stdout += c))
  stderr.on('data', (c) => (out.stderr += c))
  const io: CliIo = { stdout, stderr, exit: (code) => void out.exits.push(code) }
  return { io, out }
}

const command = (action: () => void | Promise<void>) => new Command('demo').option('--count <n>', 'how many', integerOption(1, 5)).action(action)

describe('runCli', () => {
  it('prints the version and exits 0', async () => {
    const { io, out } = harness()
    await runCli(['node', 'promokit', '--version'], [], io)

    expect(out.stdout.trim()).toBe(packageVersion())
    expect(out.exits).toEqual([0])
  })

  it('lists the commands in --help', async () => {
    const { io, out } = harness()
    await runCli(['node', 'promokit', '--help'], [command(() => {})], io)

    expect(out.stdout).toContain('demo')
    expect(out.exits).toEqual([0])
  })

  it('runs a command and does not exit when it succeeds', async () => {
    const { io, out } = harness()
    let ran = false
    await runCli(['node', 'promokit', 'demo', '--count', '2'], [command(() => void (ran = true))], io)

    expect(ran).toBe(true)
    expect(out.exits).toEqual([])
  })

  it('exits 2 on an invalid flag value or an unknown command', async () => {
    const bad = harness()
    await runCli(['node', 'promokit', 'demo', '--count', '9'], [command(() => {})], bad.io)
    const unknown = harness()
    await runCli(['node', 'promokit', 'nope'], [command(() => {})], unknown.io)

    expect(bad.out.exits).toEqual([2])
    expect(bad.out.stderr).toMatch(/--count.*from 1 to 5/)
    expect(unknown.out.exits).toEqual([2])
  })

  it('prints a CliError as one line and exits with its code', async () => {
    const { io, out } = harness()
    await runCli(['node', 'promokit', 'demo'], [command(() => { throw new CliError(3, 'the target did not answer') })], io)

    expect(out.stderr).toBe('promokit: the target did not answer\n')
    expect(out.exits).toEqual([3])
  })

  it('exits 1 on an unexpected error, with its stack', async () => {
    const { io, out } = harness()
    await runCli(['node', 'promokit', 'demo'], [command(async () => { throw new Error('kaboom') })], io)

    expect(out.stderr).toMatch(/unexpected error: Error: kaboom/)
    expect(out.exits).toEqual([1])
  })
})

describe('option helpers', () => {
  it('reads the first set env variable', () => {
    expect(envValue({ PORT: '80', PROMOKIT_PORT: '' }, 'PROMOKIT_PORT', 'PORT')).toBe('80')
    expect(envValue({}, 'PORT')).toBeUndefined()
  })

  it('parses bounded integers and numbers, refusing everything else', () => {
    expect(integerOption(0, 10)('7')).toBe(7)
    expect(() => integerOption(0, 10)('7.5')).toThrow(/integer/)
    expect(() => integerOption(0, 10)('11')).toThrow(/from 0 to 10/)
    expect(numberOption(0, { exclusiveMin: true })('0.5')).toBe(0.5)
    expect(() => numberOption(0, { exclusiveMin: true })('0')).toThrow(/> 0/)
    expect(() => numberOption(0)('')).toThrow()
  })
})
