import { specPath } from '../../src/paths.js'

export interface SpecTexts {
  json: string
  yaml: string
}

/**
 * The spec as one self-contained document for `GET /openapi.json` and `/openapi.yaml`: the files
 * under spec/ reference each other, which a renderer or a code generator fetching one URL cannot
 * follow, so references into sibling files are bundled in and the internal ones kept.
 */
export function createSpecTexts(path: string = specPath()): () => Promise<SpecTexts> {
  let pending: Promise<SpecTexts> | undefined
  return () => {
    pending ??= bundle(path)
    // a failed bundle is tried again on the next request
    pending.catch(() => (pending = undefined))
    return pending
  }
}

async function bundle(path: string): Promise<SpecTexts> {
  // imported on demand, like the spec loader: the first request for the spec pays for them, start-up does not
  const [{ default: SwaggerParser }, { stringify }] = await Promise.all([import('@apidevtools/swagger-parser'), import('yaml')])
  const doc = await new SwaggerParser().bundle(path)
  return { json: JSON.stringify(doc), yaml: stringify(doc, { aliasDuplicateObjects: false }) }
}
