// The compiler pipeline (README.md, Layout): read JSON → check structure → parse and type each
// expression → analyse constants and ranges → emit IR. Each stage reports through the registry; no
// stage throws on user input.
import { compareDiagnostics, type Diagnostic } from './diagnostics/diagnostic-types.js';
import { diagnostic } from './diagnostics/diagnostic-registry.js';
import type { CompiledSchema } from './ir/ir-types.js';
import { readJson, type JsonReadResult } from './json/json-reader.js';
import { patchTextEdit } from './json/json-patch.js';
import type { JsonNode } from './json/json-types.js';
import { runPipeline } from './compile-pipeline.js';

export const MAX_SCHEMA_BYTES = 1024 * 1024;

export interface CompileOptions {
    /** Most fields allowed (1..32 on the API and the CLI). */
    maxFields?: number;
    /**
     * Reuse expression outcomes from earlier compiles (default true); each is a pure function of the
     * expression and the fields it names (`expr/expr-cache.ts`). False compiles every one afresh.
     */
    reuse?: boolean;
    /**
     * Outcomes are reused only between compiles of the same scope (default ''). A server passes the
     * account: an expression one tenant compiled must not make another's compile faster, which would
     * confirm a guess at what the other tenant sent. Must not contain U+0000.
     */
    reuseScope?: string;
    /**
     * Parse with the lean parser derived from the grammar where it accepts (default true); false
     * parses every expression it compiles with Langium (with reuse, a reused outcome is not parsed
     * again). The results are the same (the differential tests).
     */
    lean?: boolean;
}

export interface CompileResult {
    ok: boolean;
    /** `sha256:<hex>`; only when ok. */
    schemaHash?: string;
    /** Sorted in document order (pointer, then span start). */
    errors: Diagnostic[];
    warnings: Diagnostic[];
    /** The compiled IR; only when ok. */
    schema?: CompiledSchema;
    /** Expression source strings by pointer, for rendering carets and for editors. */
    expressions: ReadonlyMap<string, string>;
}

/** Compiles schema JSON text (CLI, language server). */
export function compileSchemaText(text: string, options: CompileOptions = {}): CompileResult {
    return compileSchemaTextTree(text, options).result;
}

/**
 * `compileSchemaText` that also hands back the tree the reader built (absent over the size limit or
 * after a syntax error), so an editor places the diagnostics on it instead of reading the text again.
 */
export function compileSchemaTextTree(text: string, options: CompileOptions = {}): CompiledText {
    if (Buffer.byteLength(text, 'utf8') > MAX_SCHEMA_BYTES) return { result: tooLarge(text) };
    const read = readJson(text);
    if (!read.root) return { result: finish([...read.diagnostics], [], new Map()) };
    // its size was checked above
    return { result: compileChecked(read.root, text, options, read), root: read.root, clean: read.diagnostics.length === 0 };
}

export interface CompiledText {
    result: CompileResult;
    /** The reader's tree of the text (absent over the size limit or after a syntax error). */
    root?: JsonNode;
    /** The reader found nothing to report (no duplicate key, no unrepresentable number). */
    clean?: boolean;
}

/**
 * Compiles the successive versions of one document (the language server's compile worker). When a
 * version differs from the one before only inside one plain string value (typing in an expression
 * or a description) or in white space between tokens, the reader's tree of the version before is
 * patched in place
 * (`json/json-patch.ts`) instead of the whole text being read again; the result is the one
 * `compileSchemaTextTree` gives (a property test compares them after random edits). The tree
 * returned is valid until the next call.
 */
export class DocumentCompiler {
    private last: { text: string; root: JsonNode } | undefined;
    /** Versions compiled on a patched tree and on a fresh read (tests, the language server's stats). */
    readonly stats = { patched: 0, read: 0 };

    compile(text: string, options: CompileOptions = {}): CompiledText {
        const last = this.last;
        this.last = undefined;
        // A tree with reader findings is never patched: their offsets and pointers would need moving too.
        if (last && Buffer.byteLength(text, 'utf8') <= MAX_SCHEMA_BYTES && patchTextEdit(last.root, last.text, text)) {
            this.last = { text, root: last.root };
            this.stats.patched++;
            return { result: compileChecked(last.root, text, options), root: last.root, clean: true };
        }
        this.stats.read++;
        const out = compileSchemaTextTree(text, options);
        if (out.root && out.clean) this.last = { text, root: out.root };
        return out;
    }
}

/**
 * Compiles a schema that was already read, e.g. the `schema` member of a request body; pointers are
 * relative to `node`. `json` carries the reader's diagnostics for that node (pointers relative to it).
 */
export function compileSchemaNode(
    node: JsonNode,
    text: string,
    options: CompileOptions = {},
    json?: Pick<JsonReadResult, 'diagnostics' | 'offsets'>,
): CompileResult {
    const own = text.slice(node.start, node.end); // the schema as written, not the body around it
    if (Buffer.byteLength(own, 'utf8') > MAX_SCHEMA_BYTES) return tooLarge(own);
    return compileChecked(node, text, options, json);
}

function compileChecked(
    node: JsonNode,
    text: string,
    options: CompileOptions,
    json?: Pick<JsonReadResult, 'diagnostics' | 'offsets'>,
): CompileResult {
    const jsonDiagnostics = json?.diagnostics ?? [];
    const out = runPipeline(
        node,
        text,
        { maxFields: options.maxFields ?? 32, reuse: options.reuse, lean: options.lean, reuseScope: options.reuseScope },
        jsonDiagnostics.length > 0,
    );
    const offsets = new Map<Diagnostic, number>(out.offsets);
    jsonDiagnostics.forEach((d, i) => offsets.set(d, json!.offsets[i] ?? 0));
    return finish([...jsonDiagnostics, ...out.errors], out.warnings, out.expressions, out.schema, offsets);
}

function tooLarge(text: string): CompileResult {
    const bytes = Buffer.byteLength(text, 'utf8');
    return finish([diagnostic('E-LIMIT', '', { form: 'bytes', bytes, max: MAX_SCHEMA_BYTES })], [], new Map());
}

function finish(
    errors: Diagnostic[],
    warnings: Diagnostic[],
    expressions: ReadonlyMap<string, string>,
    schema?: CompiledSchema,
    offsets?: Map<Diagnostic, number>,
): CompileResult {
    // Document order: the source offset of the node at fault, then span start; pointer order breaks ties.
    const byOffset = (a: Diagnostic, b: Diagnostic): number => {
        const oa = offsets?.get(a);
        const ob = offsets?.get(b);
        if (oa !== undefined && ob !== undefined && oa !== ob && a.pointer !== b.pointer) return oa - ob;
        return compareDiagnostics(a, b);
    };
    errors.sort(byOffset);
    warnings.sort(byOffset);
    const ok = errors.length === 0 && schema !== undefined;
    const result: CompileResult = { ok, errors, warnings, expressions };
    if (ok) {
        result.schema = schema;
        Object.defineProperty(result, 'schemaHash', { enumerable: true, get: () => schema!.schemaHash }); // hashed on first read
    }
    return result;
}
