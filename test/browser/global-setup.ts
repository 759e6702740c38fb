import type { TestProject } from 'vitest/node'
import { findChromium, type ChromiumBinary } from './find-chromium.js'

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: ChromiumBinary
  }
}

/** Finds (and, the first time, unpacks) the browser once per run, so parallel test files never race to unpack it. */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('chromium', await findChromium())
}
