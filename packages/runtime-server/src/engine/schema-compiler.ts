// Compiles the `schema` member of a request, cached. The cache key is the SHA-256 of a canonical
// text that drops white space and normalises string escapes but keeps member order, duplicate
// members and numbers as written: everything the compiler's result depends on (error order follows
// source order, E-JSON-NUMBER judges the written number), nothing it does not. The reader's
// diagnostics travel with the schema and are part of the result too: those inside the schema follow
// from its text (they are in the key as well, to be sure), but one about the body around it (a
// duplicated `schema` member) does not, so such a compile is neither answered from nor stored in
// the cache (one account's body must never change another's answer). Every key starts with the
// account, and the compiler's own reuse is scoped to it too: a hit is faster than a compile, so a
// cache shared by tenants confirmed which schemas another had used (430 KB schemas: 4.7 ms against
// 36-42 ms).
import { createHash } from 'node:crypto';
import {
    MAX_SCHEMA_BYTES,
    compileSchemaNode,
    Generations,
    limitExpressionCache,
    type GenerationBounds,
    type CompileResult,
    type Diagnostic,
    type JsonNode,
} from '@svc/compiler';
import { LruCache } from './compile-cache.js';

export type CompileFn = typeof compileSchemaNode;

export interface SchemaJson {
    /** E-JSON-DUPKEY and E-JSON-NUMBER inside the schema, pointers relative to it. */
    diagnostics: Diagnostic[];
    offsets: number[];
}

/** Bounds of each generation of the thread's expression cache (`limitExpressionCache`). */
export const SERVER_EXPR_ENTRIES = 4096;
export const SERVER_EXPR_CHARS = 1024 * 1024;

/** Characters of schema text whose compile results one thread remembers. */
export const COMPILE_CACHE_CHARS = 8 * 1024 * 1024;

/**
 * Keys of schemas compiled once, in two generations of at most this many: most schemas a server
 * compiles come back (a client validates, then extracts, then extracts again), but a stream of
 * schemas that never return (generated names, a fuzzer, a hostile client) would push every result
 * through the young heap into the old one and evict the ones that do return. So a result is cached
 * on its key's second sighting: a returning schema compiles twice, a passing one leaves nothing
 * behind for the collector (a fifth of an uncached validate's worker time was garbage collection of
 * cached results).
 */
export const SIGHTINGS: GenerationBounds = { entries: 4096, chars: 4096 * 64 };

export class SchemaCompiler {
    private readonly cache: LruCache<CompileResult>;
    private readonly sightings = new Generations<true>(() => SIGHTINGS);

    constructor(
        maxEntries: number,
        private readonly compile: CompileFn = compileSchemaNode,
    ) {
        // Weight is canonical text length. A compiled schema holds about 20 bytes per character of
        // its expressions (tree, types, IR): 8 Mi characters bound a thread's cache to about 170 MB
        // (64 Mi let distinct 1 MiB schemas hold 1.3 GB), and hundreds of typical schemas still fit.
        this.cache = new LruCache(maxEntries, COMPILE_CACHE_CHARS);
        // Whole schemas are remembered above; the expression cache only spares the expressions
        // that distinct schemas share, so a thread keeps far fewer than the language server does
        // (about 25 MB at most instead of 100 MB filled by schemas that differ in one relation),
        // and only those whose text comes back (a quarter of an uncached validate's worker time
        // went to copying one-off outcomes through the young generation).
        limitExpressionCache(SERVER_EXPR_ENTRIES, SERVER_EXPR_CHARS, true);
    }

    /** `account`: an id of the service's own making (never a user's text), with no U+0000. */
    compileNode(node: JsonNode, text: string, json: SchemaJson, account: string): CompileResult {
        const options = { maxFields: 32, reuseScope: account };
        // A schema over the size limit fails fast with E-LIMIT; its white space counts, so the
        // canonical (minified) text cannot stand for it.
        if (
            (node.end - node.start) * 3 > MAX_SCHEMA_BYTES &&
            Buffer.byteLength(text.slice(node.start, node.end), 'utf8') > MAX_SCHEMA_BYTES
        ) {
            return this.compile(node, text, options, json);
        }
        // Clients mostly resend the same bytes: the raw text is tried first, which is cheaper than
        // building the canonical text; the canonical key catches the same schema written otherwise.
        if (json.offsets.some((o) => o < node.start || o >= node.end)) return this.compile(node, text, options, json);
        const suffix =
            json.diagnostics.length === 0 ? '' : `|${digest(JSON.stringify(json.diagnostics.map((d) => [d.code, d.pointer, d.message])))}`;
        const raw = text.slice(node.start, node.end);
        const rawDigest = digest(raw);
        const rawKey = `${account}\u0000r${rawDigest}${suffix}`;
        const rawHit = this.cache.get(rawKey);
        if (rawHit) return rawHit;
        const canonical = canonicalTextOf(node, text);
        // Most clients send compact JSON: then the canonical text is the raw text, digested once.
        const key = `${account}\u0000c${canonical === raw ? rawDigest : digest(canonical)}${suffix}`;
        const result = this.cache.get(key) ?? this.compile(node, text, options, json);
        // An unfinished compiler (ok false, no errors) is not remembered: it may be replaced.
        if ((result.ok || result.errors.length > 0) && this.sightings.seenBefore(key, true)) {
            this.cache.set(key, result, canonical.length);
            this.cache.set(rawKey, result, raw.length);
        }
        return result;
    }

    get cached(): number {
        return this.cache.size;
    }

    /** Cache lookups so far (a request that misses its raw text may still hit its canonical text). */
    get cacheLookups(): { hits: number; misses: number } {
        return { hits: this.cache.hits, misses: this.cache.misses };
    }
}

function digest(text: string): string {
    return createHash('sha256').update(text, 'utf8').digest('base64');
}

/**
 * `canonicalText(node)`, read off the source text when that is exact: the text of the node with the
 * white space between tokens left out, when no string in it has an escape, a control character or a
 * surrogate (each of those is written otherwise by JSON.stringify). Building the text from the tree
 * was a tenth of an uncached validate's time in the worker.
 */
export function canonicalTextOf(node: JsonNode, text: string): string {
    let out = '';
    let from = node.start;
    let inString = false;
    for (let i = node.start; i < node.end; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
            if (c === 0x22) inString = false;
            else if (c === 0x5c || c < 0x20 || (c >= 0xd800 && c <= 0xdfff)) return canonicalText(node);
        } else if (c === 0x22) inString = true;
        else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
            out += text.slice(from, i);
            from = i + 1;
        } else if (!TOKEN_CHAR[c]) return canonicalText(node);
    }
    return from === node.start ? text.slice(node.start, node.end) : out + text.slice(from, node.end);
}

/** The characters of JSON's tokens outside strings: punctuation, numbers, true, false, null. */
const TOKEN_CHAR: boolean[] = Array.from({ length: 128 }, (_, c) => /[{}[\]:,0-9eE.+\-truefalsn]/.test(String.fromCharCode(c)));

/** Minified JSON of a node: members in source order (duplicates kept), numbers as written. */
export function canonicalText(node: JsonNode): string {
    switch (node.kind) {
        case 'object':
            return `{${node.members.map((m) => `${JSON.stringify(m.key)}:${canonicalText(m.value)}`).join(',')}}`;
        case 'array':
            return `[${node.items.map(canonicalText).join(',')}]`;
        case 'string':
            return JSON.stringify(node.value);
        case 'number':
            return node.raw;
        case 'boolean':
            return node.value ? 'true' : 'false';
        case 'null':
            return 'null';
    }
}
