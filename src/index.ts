// standin's public face for embedding users: the mock factory, the server starter and the compiled spec.
export { BASE_PATH, createMock, type Mock, type MockOptions } from './http/app.js';
export { startServer, type RunningMock, type ServeOptions } from './cli/serve.js';
export { getCompiledSpec, SPEC_PATH, type CompiledSpec, type SpecOperation } from './spec/compiled-spec.js';
export { World, type WorldOptions } from './domain/world.js';
