// The svc language server: live diagnostics and editing help for schema files.
export { startServer } from './server-main.js';
export { createSvcLspModule, createSvcLspServices, type SvcLspOptions, type SvcLspOverrides, type SvcLspServices } from './lsp-module.js';
export { CompileRunner, type CompileRunnerOptions } from './compile/compile-runner.js';
export { runCompileWorker, WORKER_FLAG } from './compile/compile-worker.js';
export { runFeatureWorker, FEATURE_WORKER_FLAG } from './features/feature-worker.js';
export { FeatureRunner, type FeatureRunnerOptions } from './features/feature-runner.js';
export { capabilities, registerHandlers, SERVER_NAME, SERVER_VERSION } from './lsp-handlers.js';
export { StringMap, escapeJsonContent } from './text/string-map.js';
export { PositionEncoder, negotiateEncoding, countUnits, type PositionEncodingKind } from './text/position-encoding.js';
export { parseTolerant, type TolerantJson } from './json/json-tolerant.js';
export { DiagnosticMapper, type PlacedDiagnostic } from './diagnostics/diagnostic-mapper.js';
export { LEGEND as SEMANTIC_TOKENS_LEGEND } from './features/semantic-tokens-provider.js';
