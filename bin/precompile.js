#!/usr/bin/env node
// Build step (`npm run build`): precompiles the bundled spec's validators into dist/validators/, so the
// mock starts without parsing the YAML or compiling schemas. Needs only dist/ and node_modules.
import { readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const { writePrecompiled } = await import('../dist/src/validation/precompile.js')
const { bundledArtifactDir } = await import('../dist/src/spec/precompiled.js')
const { specPath } = await import('../dist/src/paths.js')

const started = performance.now()
const dir = bundledArtifactDir()
const { key, exports, bytes } = await writePrecompiled(specPath(), dir)
// Artifacts of earlier spec versions are never matched again.
for (const file of readdirSync(dir)) if (!file.startsWith(key)) rmSync(join(dir, file), { force: true })
const ms = Math.round(performance.now() - started)
process.stdout.write(`precompiled ${exports} validators of spec/openapi.yaml into dist/validators/${key}.{request,response}.cjs (${Math.round(bytes / 1024)} KB, ${ms} ms)\n`)
// The build's last step: `npm start` rebuilds only when a source is newer than this (bin/build-state.js).
const { stampFile } = await import('./build-state.js')
writeFileSync(stampFile, `${new Date().toISOString()}\n`)
