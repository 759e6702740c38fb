import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Script } from 'node:vm'
import { basename, dirname, extname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ValidateFunction } from 'ajv'
import { packageRoot } from '../paths.js'
import { decodeGraph } from './graph-json.js'
import type { OpenApiDocument } from './load-spec.js'

/**
 * Precompiled validators: `npm run build` (bin/precompile.js) writes, for the bundled spec, Ajv's standalone
 * code of every schema the validator compiles plus the dereferenced document, so a mock starts without
 * swagger-parser, YAML or Ajv. An artifact is used only when its key matches: the entry file, this code and
 * Ajv's version hash to the key, and every other spec file it read must still have the recorded hash.
 * Whether one is used depends on nothing else (not on the environment, nor on running from dist/ or from
 * the TypeScript sources): a spec without one gets one written to node_modules/.cache on first load, and
 * is compiled at run time only where that cannot be written (same result, about 3 s instead of 60 ms).
 */
export const ARTIFACT_FORMAT = 3

export type ArtifactDirection = 'request' | 'response'

export interface PrecompiledManifest {
  format: number
  key: string
  /** The entry file's siblings the document was read from (relative path → sha256 of the content). */
  files: Record<string, string>
  /** Plan key (see PlanCompiler.compile) → export name. */
  plans: Record<string, string>
  /** `request`/`response` → components.schemas name → export name. */
  components: Record<'request' | 'response', Record<string, string>>
}

/**
 * Rarely needed, read on first use: oneOf/anyOf branches and `contains` schemas by their JSON (with the
 * module holding them), and every registered schema by id.
 */
export interface PrecompiledExtra {
  branches: Record<string, [ArtifactDirection, string]>
  schemas: Record<string, object>
}

export interface PrecompiledArtifact {
  manifest: PrecompiledManifest
  /**
   * One CommonJS module per direction, loaded (synchronously) on first use: a mock checks requests only,
   * so the response validators, half of the code, are never loaded by a mock that is not being tested.
   */
  validators(direction: ArtifactDirection): Record<string, ValidateFunction>
  extra(): PrecompiledExtra
}

const requireModule = createRequire(import.meta.url)
// The document carries its artifact itself (a symbol key, invisible to JSON and to walks of the spec):
// no table of documents outside them, so two mocks that each load the spec share nothing.
const ARTIFACT = Symbol('promokit.precompiled')

/** The artifact a document was decoded from (createContractValidator uses its validators). */
export const precompiledFor = (doc: object): PrecompiledArtifact | undefined => (doc as { [ARTIFACT]?: PrecompiledArtifact })[ARTIFACT]

export const bundledArtifactDir = (): string => join(packageRoot(), 'dist', 'validators')
const cacheArtifactDir = (): string => join(packageRoot(), 'node_modules', '.cache', 'promokit', 'validators')

/**
 * The document of `path` from a matching artifact, registered for createContractValidator; undefined when
 * there is none or it cannot be read (the caller parses the spec, which reports a missing file properly).
 */
export async function loadPrecompiledDocument(path: string): Promise<OpenApiDocument | undefined> {
  try {
    return await findOrWrite(path)
  } catch {
    return undefined
  }
}

async function findOrWrite(path: string): Promise<OpenApiDocument | undefined> {
  const key = artifactKey(path)
  for (const dir of [bundledArtifactDir(), cacheArtifactDir()]) {
    const found = readPrecompiled(dir, path, key)
    if (found) return found
  }
  // A spec that does not compile keeps failing where it always did: in createContractValidator.
  const { writePrecompiled } = await import('../validation/precompile.js')
  const written = await writePrecompiled(path, cacheArtifactDir()).catch(() => undefined)
  return written ? readPrecompiled(cacheArtifactDir(), path, key) : undefined
}

/** The document of `path` from the artifact in `dir`, if there is one for the spec files as they are now. */
export function readPrecompiled(dir: string, path: string, key = artifactKey(path)): OpenApiDocument | undefined {
  const manifestFile = join(dir, `${key}.json`)
  if (!existsSync(manifestFile)) return undefined
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrecompiledManifest
  if (manifest.format !== ARTIFACT_FORMAT || manifest.key !== key || !filesUnchanged(path, manifest.files)) return undefined
  const modules: Partial<Record<ArtifactDirection, Record<string, ValidateFunction>>> = {}
  let extra: PrecompiledExtra | undefined
  const doc = decodeGraph<OpenApiDocument>(readFileSync(join(dir, `${key}.doc.json`), 'utf8'))
  const artifact: PrecompiledArtifact = {
    manifest,
    validators: (direction) => (modules[direction] ??= evaluateModule(join(dir, `${key}.${direction}.cjs`))),
    extra: () => (extra ??= JSON.parse(readFileSync(join(dir, `${key}.extra.json`), 'utf8')) as PrecompiledExtra),
  }
  Object.defineProperty(doc, ARTIFACT, { value: artifact })
  return doc
}

/**
 * The standalone module evaluated for this document alone: Ajv's validate functions keep their last
 * errors on themselves, so functions from Node's module cache would be shared by every mock of the process.
 * (V8 reuses the compiled code of the same source, so evaluating it again is cheap.) Its code cache, written
 * beside it by the build, spares each process parsing and compiling the module's megabytes (a contract run
 * pays that before its first checks); V8 rejects a cache of another Node version or flags, and compiles.
 */
function evaluateModule(file: string): Record<string, ValidateFunction> {
  const cache = codeCacheFile(file)
  return runModule(moduleScript(file, existsSync(cache) ? readFileSync(cache) : undefined), file)
}

const codeCacheFile = (file: string): string => file.replace(/\.cjs$/, '.v8cache')

function moduleScript(file: string, cachedData?: Buffer): Script {
  return new Script(`(function (exports, require, module) {${readFileSync(file, 'utf8')}\n})`, { filename: file, cachedData })
}

function runModule(script: Script, file: string): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> }
  ;(script.runInThisContext() as (e: object, r: NodeJS.Require, m: object) => void)(module.exports, createRequire(file), module)
  return module.exports
}

/** V8's code cache of a validators module, with every function compiled (V8 compiles one on its first call). */
function codeCache(file: string): Buffer {
  const script = moduleScript(file)
  for (const validate of Object.values(runModule(script, file))) {
    try {
      validate(undefined)
    } catch {
      // a validator that throws on no data is compiled all the same
    }
  }
  return script.createCachedData()
}

function filesUnchanged(path: string, files: Record<string, string>): boolean {
  const base = dirname(resolve(path))
  return Object.entries(files).every(([file, hash]) => {
    const full = resolve(base, file)
    return existsSync(full) && sha256(readFileSync(full)) === hash
  })
}

/** What an artifact of `path` is named: the entry file, the validation code and Ajv's version. */
export function artifactKey(path: string): string {
  const hash = createHash('sha256')
  hash.update(`format ${ARTIFACT_FORMAT}\n${basename(path)}\n`).update(readFileSync(path))
  for (const [file, content] of codeFiles()) hash.update(`\n${file}\n`).update(content)
  for (const pkg of ['ajv', 'ajv-formats']) hash.update(`\n${pkg} ${(requireModule(`${pkg}/package.json`) as { version: string }).version}`)
  return hash.digest('hex').slice(0, 24)
}

/** This directory's and ../validation's modules (not tests): a change to them changes what compiles. */
function codeFiles(): [string, Buffer][] {
  const here = fileURLToPath(import.meta.url)
  const ext = extname(here)
  const dirs = [dirname(here), join(dirname(here), '..', 'validation')]
  return dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(ext) && !f.endsWith(`.d${ext}`) && !f.includes('.test.'))
      .sort()
      .map((f): [string, Buffer] => [`${basename(dir)}/${f}`, readFileSync(join(dir, f))]),
  )
}

/** Writes the files of an artifact atomically (temp file, then rename), so a reader never sees half of one. */
export function writeArtifact(dir: string, key: string, files: { code: Record<ArtifactDirection, string>; doc: string; manifest: PrecompiledManifest; extra: PrecompiledExtra }): void {
  mkdirSync(dir, { recursive: true })
  const put = (name: string, content: string | Buffer) => {
    const temp = join(dir, `.${name}.${process.pid}.tmp`)
    writeFileSync(temp, content)
    renameSync(temp, join(dir, name))
  }
  for (const direction of ['request', 'response'] as const) {
    put(`${key}.${direction}.cjs`, files.code[direction])
    put(`${key}.${direction}.v8cache`, codeCache(join(dir, `${key}.${direction}.cjs`)))
  }
  put(`${key}.extra.json`, JSON.stringify(files.extra))
  put(`${key}.doc.json`, files.doc)
  // The manifest last: its presence says the artifact is complete.
  put(`${key}.json`, JSON.stringify(files.manifest))
}

export function sha256(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex')
}

/** The spec files a document was read from, relative to the entry file's directory, with their hashes. */
export function fileHashes(entry: string, paths: string[]): Record<string, string> {
  const base = dirname(resolve(entry))
  const out: Record<string, string> = {}
  for (const p of paths) if (resolve(p) !== resolve(entry)) out[relative(base, p)] = sha256(readFileSync(p))
  return out
}
