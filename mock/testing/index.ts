export { createTestApp, MOUNTS, type TestApp, type TestAppOptions, type TestHeaders } from './create-test-app.js'
export { expectContract, loadContractValidator, loadControlValidator, useValidator, type ResponseLike } from './expect-contract.js'
export { catchApiError } from './catch-api-error.js'
