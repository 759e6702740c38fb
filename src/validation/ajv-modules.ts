import { Ajv2020 } from 'ajv/dist/2020.js'
import ajvFormats from 'ajv-formats'
import type { AjvModules } from './ajv.js'

/** Ajv as plain imports, for the platform-neutral core (a bundler carries them into the page). */
export const ajvModules = (): AjvModules => ({ Ajv2020, addFormats: ajvFormats.default })
