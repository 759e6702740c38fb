// The public API of promokit (explicit named exports only).

// Mock server
export { createMockServer, type MockServer, type MockServerCredentials, type MockServerOptions } from './mock/adapters/node-server.js'
export { createMockApp, type MockAppOptions } from './mock/adapters/express-app.js'
export { createMockListener } from './mock/adapters/node-listener.js'
export { createMock, type Mock, type MockControl, type MockOptions } from './mock/create-mock.js'
export { createMockDeps, type MockDeps, type MockDepsOverrides } from './mock/adapters/node-deps.js'
export { resolveConfig, DEFAULT_CREDENTIALS, type MockConfig, type MockConfigInput, type MockCredentials, type ProjectCredentials } from './mock/engine/config.js'
export { ApiError, ERROR_CATALOGUE, type ErrorBody, type ErrorCode } from './mock/engine/errors.js'
export type { FaultAction, FaultInput } from './mock/control/faults.js'
export type { HandlerContext, HandlerResult, OperationHandler, OperationHandlers, OperationRequest } from './mock/engine/handler-types.js'
export type { OperationId, TypedHandler, TypedHandlers, TypedRequest } from './mock/engine/typed-handlers.js'

// Spec and validation
export { createContractValidator, loadCompiledSpec, type CompiledSpec, type ContractValidator } from './src/validation/validator.js'
export type { Violation } from './src/validation/violations.js'
export { loadSpec, type OpenApiDocument } from './src/spec/load-spec.js'
export { listOperations, type OperationInfo } from './src/spec/operations.js'

// Time and ids
export { ManualClock, OffsetClock, systemClock, FIXTURE_EPOCH, type Clock } from './src/clock.js'
export { randomIds, sequentialIds, type IdSource } from './src/ids.js'

// Types generated from spec/openapi.yaml
export type * from './src/types/index.js'

// Fixtures
export { loadFixtureSet, defaultFixturesDir } from './fixtures/load.js'
export { generateCampaigns, type CampaignCreateBody } from './fixtures/generators.js'

// The conformance suite, for tools that drive it themselves (the CLI is `promokit contract`)
export { loadSuite, type Suite } from './contracts/suite.js'
export { runSuite, planChecks, type RunOptions } from './contracts/runner.js'
export type { RunReport } from './contracts/types.js'
