import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
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
 * Ajv's version hash to the key, and every other spec file it read must still have the recorded hash;
 * otherwise the spec is parsed and compiled at run time as before (slower, same result).
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

const artifacts = new WeakMap<object, PrecompiledArtifact>()
const requireModule = createRequire(import.meta.url)

/** The artifact a document was decoded from (createContractValidator uses its validators). */
export const precompiledFor = (doc: object): PrecompiledArtifact | undefined => artifacts.get(doc)

type Mode = 'off' | 'auto' | 'force'

/**
 * `PROMOKIT_NO_PRECOMPILED=1`: never. `PROMOKIT_PRECOMPILED=1`: always, generating missing artifacts into
 * node_modules/.cache (tests run the suites this way). Otherwise only the built package (dist/) uses them:
 * tests run from the TypeScript sources compile at run time unless told.
 */
function mode(): Mode {
  if (process.env.PROMOKIT_NO_PRECOMPILED === '1') return 'off'
  if (process.env.PROMOKIT_PRECOMPILED === '1') return 'force'
  return import.meta.url.endsWith('.js') ? 'auto' : 'off'
}

export const bundledArtifactDir = (): string => join(packageRoot(), 'dist', 'validators')
const cacheArtifactDir = (): string => join(packageRoot(), 'node_modules', '.cache', 'promokit', 'validators')

/**
 * The document of `path` from a matching artifact, registered for createContractValidator; undefined when
 * there is none or it cannot be read (the caller parses the spec, which reports a missing file properly).
 */
export async function loadPrecompiledDocument(path: string): Promise<OpenApiDocument | undefined> {
  const how = mode()
  if (how === 'off') return undefined
  try {
    return await findOrWrite(path, how)
  } catch {
    return undefined
  }
}

async function findOrWrite(path: string, how: Mode): Promise<OpenApiDocument | undefined> {
  const key = artifactKey(path)
  for (const dir of how === 'force' ? [bundledArtifactDir(), cacheArtifactDir()] : [bundledArtifactDir()]) {
    const found = readPrecompiled(dir, path, key)
    if (found) return found
  }
  if (how !== 'force') return undefined
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
  artifacts.set(doc, {
    manifest,
    validators: (direction) => (modules[direction] ??= requireModule(join(dir, `${key}.${direction}.cjs`)) as Record<string, ValidateFunction>),
    extra: () => (extra ??= JSON.parse(readFileSync(join(dir, `${key}.extra.json`), 'utf8')) as PrecompiledExtra),
  })
  return doc
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

let code: [string, Buffer][] | undefined

/** This directory's and ../validation's modules (not tests): a change to them changes what compiles. */
function codeFiles(): [string, Buffer][] {
  if (code) return code
  const here = fileURLToPath(import.meta.url)
  const ext = extname(here)
  const dirs = [dirname(here), join(dirname(here), '..', 'validation')]
  code = dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(ext) && !f.endsWith(`.d${ext}`) && !f.includes('.test.'))
      .sort()
      .map((f): [string, Buffer] => [`${basename(dir)}/${f}`, readFileSync(join(dir, f))]),
  )
  return code
}

/** Writes the files of an artifact atomically (temp file, then rename), so a reader never sees half of one. */
export function writeArtifact(dir: string, key: string, files: { code: Record<ArtifactDirection, string>; doc: string; manifest: PrecompiledManifest; extra: PrecompiledExtra }): void {
  mkdirSync(dir, { recursive: true })
  const put = (name: string, text: string) => {
    const temp = join(dir, `.${name}.${process.pid}.tmp`)
    writeFileSync(temp, text)
    renameSync(temp, join(dir, name))
  }
  put(`${key}.request.cjs`, files.code.request)
  put(`${key}.response.cjs`, files.code.response)
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
