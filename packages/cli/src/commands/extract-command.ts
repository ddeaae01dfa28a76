// svc extract --schema S [--language nl] [--json] FILE… (docs/runtime-server.md): extracts locally
// with the embedded heuristic reader — no server, no key — through the same engine the server uses,
// so an extraction made here can be edited through the API (its session is signed with the secret
// of the same data directory).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { compileSchemaText, renderDiagnostic } from '@svc/compiler';
import { createEngine, loadSecretRing, type ExtractionObject, type Language } from '@svc/extraction';
import { parseCommandArgs, UsageError, type CliIO, type Command } from '../cli-types.js';

const LANGUAGES: readonly Language[] = ['en', 'nl'];

function progress(io: CliIO, done: number, total: number): void {
    if (!io.stderrIsTTY) return;
    const width = 30;
    const filled = Math.round((done / total) * width);
    io.stderr(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${done === total ? '\n' : ''}`);
}

function summary(file: string, ex: ExtractionObject): string {
    const response = ex.response as { data: Record<string, unknown>; fields: Record<string, { status: string; confidence: number }> };
    const lines = [`${file}: ${ex.usage.reads} read(s), ${ex.usage.input_tokens} tokens`];
    for (const [name, f] of Object.entries(response.fields)) {
        const value = response.data[name];
        lines.push(`  ${name}: ${f.status}${value === null || value === undefined ? '' : ` ${JSON.stringify(value)} (confidence ${f.confidence.toFixed(2)})`}`);
    }
    for (const w of ex.warnings) lines.push(`  warning: ${w}`);
    return lines.join('\n') + '\n';
}

export const extractCommand: Command = {
    name: 'extract',
    summary: 'extract fields from text files locally with the embedded reader',
    usage: 'svc extract --schema SCHEMA [--language en|nl] [--json] FILE...',
    async run(args: string[], io: CliIO): Promise<number> {
        const parsed = parseCommandArgs({
                args,
                options: { schema: { type: 'string' }, language: { type: 'string', default: 'en' }, json: { type: 'boolean' } },
                allowPositionals: true,
            });
        const { schema: schemaFile, language, json } = parsed.values;
        if (!schemaFile) throw new UsageError('--schema is required');
        if (!LANGUAGES.includes(language as Language)) throw new UsageError(`--language must be en or nl, not ${JSON.stringify(language)}`);
        const files = parsed.positionals;
        if (files.length === 0) throw new UsageError('no document file given');

        // Read everything first: an unreadable file is an I/O error (exit 2) before any output.
        let schemaText: string;
        try {
            schemaText = await readFile(resolve(io.cwd, schemaFile), 'utf8');
        } catch (e) {
            io.stderr(`svc extract: cannot read ${schemaFile}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
            return 2;
        }
        const documents: string[] = [];
        for (const file of files) {
            try {
                documents.push(await readFile(resolve(io.cwd, file), 'utf8'));
            } catch (e) {
                io.stderr(`svc extract: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
                return 2;
            }
        }
        const compiled = compileSchemaText(schemaText);
        if (!compiled.ok || !compiled.schema) {
            for (const d of compiled.errors) io.stderr(renderDiagnostic(d, schemaFile, compiled) + '\n');
            io.stderr(`${schemaFile}: ${compiled.errors.length} error(s)\n`);
            return 1;
        }
        const engine = createEngine({ reader: 'heuristic', secrets: loadSecretRing(io.env, io.cwd) });
        const options = { on_conflict: 'withhold' as const, fallback: 'off' as const };
        const results: ExtractionObject[] = [];
        for (let i = 0; i < documents.length; i++) {
            const request = { document: documents[i]!, schema: compiled.schema, language: language as Language, reference: null, options };
            const plan = engine.plan(request);
            if ('error' in plan) {
                io.stderr(renderDiagnostic(plan.error, schemaFile, compiled) + '\n');
                return 1;
            }
            results.push(await engine.extract(request));
            progress(io, i + 1, documents.length);
        }
        io.stdout(json ? JSON.stringify(results) + '\n' : results.map((ex, i) => summary(files[i]!, ex)).join(''));
        return 0;
    },
};
