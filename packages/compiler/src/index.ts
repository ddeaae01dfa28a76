export * from './diagnostics/diagnostic-types.js';
export * from './diagnostics/diagnostic-registry.js';
export * from './json/json-types.js';
export * from './json/json-reader.js';
export * from './diagnostics/diagnostic-renderer.js';
export * from './values/value-types.js';
export * from './ir/ir-types.js';
export * from './compile.js';
