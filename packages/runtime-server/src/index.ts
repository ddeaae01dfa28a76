// @svc/runtime-server: the REST API (docs/runtime-server.md) and the account and key
// administration the CLI uses.
export * from './config/server-config.js';
export * from './server-module.js';
export * from './server.js';
export * from './server-main.js';
export * from './http/api-errors.js';
export { buildOpenApiDocument } from './http/openapi-document.js';
export type { LogSink } from './http/request-log.js';
export * from './auth/api-key.js';
export * from './auth/scopes.js';
export * from './auth/key-service.js';
export type { Principal } from './auth/key-auth.js';
export * from './store/store-types.js';
export { openSqliteStore, SqliteStore, SQLITE_FILE } from './store/sqlite-store.js';
export * from './limits/counters-types.js';
export { MemoryCounters } from './limits/memory-counters.js';
export * from './engine/edit-types.js';
export type { EditServiceContext } from './engine/engine-loader.js';
export type { ValidationDetail } from './validation/detail-mapper.js';
export { BODY_SCHEMAS } from './validation/request-schemas.js';
