// TEMPORARY: replaced by the real stages in the next commit.
import type { Diagnostic } from './diagnostics/diagnostic-types.js';
import type { CompiledSchema } from './ir/ir-types.js';
import type { JsonNode } from './json/json-types.js';

export interface PipelineOutput {
    errors: Diagnostic[];
    warnings: Diagnostic[];
    offsets: Array<[Diagnostic, number]>;
    expressions: Map<string, string>;
    schema?: CompiledSchema;
}

export function runPipeline(_node: JsonNode, _text: string, _options: { maxFields: number }, _jsonErrors: boolean): PipelineOutput {
    return { errors: [], warnings: [], offsets: [], expressions: new Map() };
}
