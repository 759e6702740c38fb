import { createRequire } from 'node:module'
import type { AjvModules } from './ajv.js'

const require = createRequire(import.meta.url)

/** Ajv loaded when first needed (Node's require keeps it): a mock on precompiled validators never loads it (~40 ms, ~4 MB). */
export const loadAjvModules = (): AjvModules => ({
  Ajv2020: (require('ajv/dist/2020.js') as { Ajv2020: AjvModules['Ajv2020'] }).Ajv2020,
  addFormats: (require('ajv-formats') as { default: AjvModules['addFormats'] }).default,
})
