#!/usr/bin/env node
// `npm install` (the `prepare` script) and `npm start`: runs `npm run build` only when dist/ is older
// than a source, so neither an install nor a start with nothing changed pays for a build.
// The package ships this file so its `prepare` script names one that exists; an installed package has
// no sources (no cli.ts) and nothing to build.
import { existsSync } from 'node:fs'
import { buildIfStale } from './build-state.js'

if (existsSync(new URL('../cli.ts', import.meta.url))) buildIfStale()
