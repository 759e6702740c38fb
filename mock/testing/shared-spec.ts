import { loadCompiledSpec, type CompiledSpec } from '../../src/validation/validator.js'

// Test support, not the mock: the suite builds hundreds of apps, and each would otherwise load the
// spec's validators again. Sharing is explicit (createTestApp passes it); a mock never keeps one itself.
let shared: Promise<CompiledSpec> | undefined

/** The bundled spec compiled once per test process. */
export const sharedSpec = (): Promise<CompiledSpec> => (shared ??= loadCompiledSpec())
