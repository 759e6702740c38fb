#!/usr/bin/env node
// `npm install` (the `prepare` script) and `npm start`: runs `npm run build` only when dist/ is older
// than a source, so neither an install nor a start with nothing changed pays for a build.
import { buildIfStale } from './build-state.js'

buildIfStale()
