// svc extract --schema S [--language nl] [--json] [--html FILE] FILE… (README, "The svc command"):
// extracts locally with the embedded heuristic reader — no server, no key — through the same engine
// the server uses, so an extraction made here can be edited through the API (its session is signed
// with the secret of the same data directory).
import { existsSync, realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { renderDiagnostic, visibleText } from '@svc/compiler/core';
import { compileSchemaFile } from '../cli-compile.js';
import { createEngine, isLanguage, languages, loadSecretRing, type ExtractionObject, type Language } from '@svc/extraction';
import { ensureDataDir } from '../cli-data-dir.js';
import { MAX_DOCUMENT_FILE_BYTES, readTextFile } from '../cli-files.js';
import { CliError, parseCommandArgs, plural, UsageError, type CliIO, type Command } from '../cli-types.js';
import { documentWarnings } from './extract-checks.js';
import { evidencePage } from './extract-html.js';
import { summary } from './extract-summary.js';

function progress(io: CliIO, done: number, total: number): void {
    if (!io.stderrIsTTY || total < 2) return;
    const width = 30;
    const filled = Math.round((done / total) * width);
    io.stderr(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${done === total ? '\n' : ''}`);
}

/** A document's text, or a usage error naming the file (unreadable, not UTF-8, empty). */
async function readDocument(io: CliIO, file: string): Promise<string> {
    const read = await readTextFile(io, file, MAX_DOCUMENT_FILE_BYTES);
    if (read.ok) {
        // Checked after trimming, as the API checks `document` (String.prototype.trim there too): white
        // space alone is empty. The text is kept exactly as read.
        if (read.text.trim().length === 0)
            throw new UsageError(`${file} is empty; a document needs at least one character other than white space`);
        return read.text;
    }
    if ('io' in read) throw new CliError(`cannot read ${visibleText(file)}: ${read.io}`);
    if ('tooBig' in read)
        throw new CliError(
            `${file} has ${read.tooBig.toLocaleString('en')} bytes; svc extract reads documents of at most ${MAX_DOCUMENT_FILE_BYTES.toLocaleString('en')} bytes`,
        );
    throw new UsageError(`${file} is not valid UTF-8 (byte offset ${read.offset}); save it as UTF-8 text`);
}

export const extractCommand: Command = {
    name: 'extract',
    usage: 'svc extract --schema SCHEMA [--language LANG] [--json] [--html PAGE.html] FILE...',
    help:
        "Each extraction's session (what the API needs to edit it later) is signed with the secret in\n" +
        'SVC_DATA_DIR/session-secret (default ./data; the folder and the secret are created if missing).\n' +
        'With SVC_SESSION_SECRET set, that secret signs it and nothing is written.',
    async run(args: string[], io: CliIO): Promise<number> {
        const parsed = parseCommandArgs({
            args,
            options: {
                schema: { type: 'string' },
                language: { type: 'string', default: 'en' },
                json: { type: 'boolean' },
                html: { type: 'string' },
            },
            allowPositionals: true,
        });
        const { schema: schemaFile, language, json, html } = parsed.values;
        if (!schemaFile) throw new UsageError('--schema is required');
        if (!isLanguage(language))
            throw new UsageError(`--language must be one of ${languages().join(', ')}, not ${JSON.stringify(language)}`);
        const files = parsed.positionals;
        if (files.length === 0) throw new UsageError('no document file given');
        if (html) refuseToOverwrite(io.cwd, html, [schemaFile, ...files]);

        // Read everything first: a bad file is an error (exit 2) before any output.
        const schemaRead = await compileSchemaFile(io, schemaFile);
        if ('io' in schemaRead) throw new CliError(`cannot read ${visibleText(schemaFile)}: ${schemaRead.io}`);
        const documents: string[] = [];
        for (const file of files) documents.push(await readDocument(io, file));
        const compiled = schemaRead.result;
        if (!compiled.ok || !compiled.schema) {
            for (const d of compiled.errors) io.stderr(renderDiagnostic(d, schemaFile, compiled) + '\n');
            io.stderr(`${visibleText(schemaFile)}: ${plural(compiled.errors.length, 'error')}\n`);
            return 1;
        }
        for (let i = 0; i < files.length; i++)
            for (const w of documentWarnings(files[i]!, documents[i]!, language!)) io.stderr(`svc extract: warning: ${visibleText(w)}\n`);
        if (!io.env.SVC_SESSION_SECRET) ensureDataDir(io); // the session secret lives there
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
        if (html) {
            const page = resolve(io.cwd, html);
            await writeFile(page, evidencePage(files, results)).catch((e: NodeJS.ErrnoException) => {
                throw new CliError(`cannot write ${visibleText(html)}: ${e.code ?? e.message}`);
            });
            io.stderr(`svc extract: evidence page written to ${visibleText(html)}\n`);
        }
        // Each entry is the extraction object with the name of its file first (the edit API ignores it).
        io.stdout(
            json
                ? JSON.stringify(results.map((ex, i) => ({ file: files[i], ...ex }))) + '\n'
                : results.map((ex, i) => summary(files[i]!, ex)).join(''),
        );
        return 0;
    },
};

/**
 * `--html PAGE` never overwrites an input ("--html doc1.txt doc2.txt", read as a flag, would
 * replace doc1.txt), nor an existing file that is not a page.
 */
function refuseToOverwrite(cwd: string, html: string, inputs: readonly string[]): void {
    const real = (f: string): string => {
        const p = resolve(cwd, f);
        return existsSync(p) ? realpathSync(p) : p;
    };
    const page = real(html);
    const input = inputs.find((f) => real(f) === page);
    if (input !== undefined) throw new UsageError(`--html ${html} is an input of this run; name a new .html file for the page`);
    if (existsSync(page) && !/\.html?$/i.test(page))
        throw new UsageError(`--html ${html} exists and is not an .html file; name a new .html file for the page`);
}
