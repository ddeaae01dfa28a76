// Schemas compiled by the CLI: through the compiler's core entry, loading the expression parser
// (Langium, about a quarter of a second of CPU at start-up) only when a schema has expressions,
// which most schemas for `svc extract` and `svc check` do not.
import {
    compileSchemaText,
    diagnostic,
    ExpressionFrontEndMissing,
    loadExpressionFrontEnd,
    MAX_SCHEMA_BYTES,
    type CompileResult,
} from '@svc/compiler/core';
import { readTextFile } from './cli-files.js';
import type { CliIO } from './cli-types.js';

export async function compileSchema(text: string): Promise<CompileResult> {
    try {
        return compileSchemaText(text);
    } catch (e) {
        if (!(e instanceof ExpressionFrontEndMissing)) throw e;
        await loadExpressionFrontEnd();
        return compileSchemaText(text);
    }
}

/** A schema file read (at most the compiler's 1 MiB: a larger one is E-LIMIT, unread) and compiled, or why it cannot be read. */
export async function compileSchemaFile(io: CliIO, file: string): Promise<{ result: CompileResult } | { io: string }> {
    const read = await readTextFile(io, file, MAX_SCHEMA_BYTES);
    if (read.ok) return { result: await compileSchema(read.text) };
    if ('io' in read) return { io: read.io };
    const error = 'utf8' in read ? read.utf8 : diagnostic('E-LIMIT', '', { form: 'bytes', bytes: read.tooBig, max: MAX_SCHEMA_BYTES });
    return { result: { ok: false, errors: [error], warnings: [], expressions: new Map<string, string>() } };
}
