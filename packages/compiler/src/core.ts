// The compiler without its expression front end (expr/expr-seam.ts): everything but compiling an
// expression, which throws ExpressionFrontEndMissing until loadExpressionFrontEnd() ran. For
// processes that must start fast; everything else imports the full entry (index.ts).
export * from './diagnostics/diagnostic-types.js';
export * from './diagnostics/diagnostic-registry.js';
export * from './diagnostics/diagnostic-examples.js';
export { closest, didYouMean, distanceBelow } from './diagnostics/diagnostic-suggest.js';
export * from './json/json-types.js';
export * from './json/json-reader.js';
export * from './diagnostics/diagnostic-renderer.js';
export * from './values/value-types.js';
export * from './ir/ir-types.js';
export * from './compile.js';
export * from './values/decimal-ops.js';
export * from './values/date-ops.js';
export * from './values/duration-ops.js';
export * from './values/currency-table.js';
export * from './ir/ir-evaluator.js';
export { emitCode, MAX_REGISTERS } from './ir/ir-emitter.js';
export { schemaHash, canonicalJson } from './hash/schema-hash.js';
export { exprTypeOf } from './compile-pipeline.js';
export * from './json/json-pointer.js';
export * from './schema/schema-keys.js';
export { ByteOffsets, utf8OffsetTable } from './expr/byte-offsets.js';
export { clearExpressionCache, expressionCacheChars, limitExpressionCache } from './expr/expr-cache.js';
export { Generations, type GenerationBounds } from './expr/cache-generations.js';
export { ExpressionFrontEndMissing, loadExpressionFrontEnd } from './expr/expr-seam.js';
export { firstInvalidUtf8, decodeUtf8Strict } from './json/utf8-decode.js';
