// Reuse of expression outcomes across compiles (the language server recompiles the whole document on
// every keystroke; the server compiles schemas that differ only in a name or a description). An
// outcome is a pure function of the text, its place, and the fields it names: each entry records
// the signature of every field it named (id, type with bounds, end-of-month rule), and, when a name
// was unknown, every field name (the "did you mean" suggestion reads them all). A hit is used only
// when all of these equal the current schema's, so a reused outcome is the one a fresh compile makes.
import type { FieldInfo } from './type-checker.js';
import { Generations } from './cache-generations.js';
import type { ExprContext, ExprOutcome } from './expr-unit.js';
import { expressionCompiler } from './expr-seam.js';

interface Entry {
    outcome: ExprOutcome;
    /** `name\u0000signature` of each field named. */
    named: string[];
    /** Every field name, when a name was unknown. */
    allNames?: string;
}

/** Entries per generation: one 1 MiB schema has at most 10,000 relations. */
export const EXPR_CACHE_ENTRIES = 16_384;

/**
 * Characters of expression text per generation. An outcome holds about 20 bytes per character of
 * its text (tree, types, IR), so entries alone did not bound memory: 32,768 outcomes of 16 KiB
 * expressions are about 10 GB, which distinct schemas at the size limit (a tenant's, or a hostile
 * one's) reached within a minute and the thread ran out of heap. Two generations of 2 MiB of text
 * are about 80 MB at most, and one generation still holds every expression of a 1 MiB schema.
 */
export const EXPR_CACHE_CHARS = 2 * 1024 * 1024;

/** Bounds of one generation, and whether outcomes wait for a second sighting (limitExpressionCache). */
let limits = { entries: EXPR_CACHE_ENTRIES, chars: EXPR_CACHE_CHARS, secondSighting: false };

const bounds = (): typeof limits => limits;

// Relations are keyed by their text alone (no key to build); applicable_when by field and text.
let relations = new Generations<Entry>(bounds);
let applicable = new Generations<Entry>(bounds);
/** Keys compiled once and not yet kept, when outcomes wait for a second sighting. */
let sightings = new Generations<true>(bounds);

/** Per compile: field signatures, computed once. */
export class ReuseContext implements ExprContext {
    private readonly sigs = new Map<string, string>();
    private names?: string;
    private byId?: Map<number, string>;

    constructor(
        readonly infos: ReadonlyMap<string, FieldInfo>,
        readonly fields: ExprContext['fields'],
        private readonly reuse: boolean,
        readonly lean: boolean,
        /** Prefixes every key, so outcomes are shared only within one scope (CompileOptions.reuseScope). */
        private readonly scope = '',
        /** No field list could be read: any name is taken as a field of unknown type (ExprContext). */
        readonly openNames = false,
    ) {}

    private signature(name: string): string {
        let s = this.sigs.get(name);
        if (s === undefined) {
            const f = this.infos.get(name);
            // FieldType's bounds are Decimals: JSON gives their exact text.
            s = f
                ? `${name}\u0000${f.id}|${f.isArray}|${f.eom}|${f.type ? JSON.stringify(this.fields[f.id]?.type) : '-'}|${JSON.stringify(f.type)}`
                : `${name}\u0000?`;
            this.sigs.set(name, s);
        }
        return s;
    }

    private allNames(): string {
        this.names ??= [...this.infos.keys()].join('\u0000');
        return this.names;
    }

    private nameOf(id: number): string | undefined {
        this.byId ??= new Map([...this.infos.values()].map((f) => [f.id, f.name]));
        return this.byId.get(id);
    }

    compile(text: string, place: 'relation' | 'applicable', self: number | undefined): ExprOutcome {
        // Outcomes without a field list are not kept: their names were never looked up, so the
        // signatures could not tell them from outcomes of a schema whose fields lack those names.
        if (!this.reuse || this.openNames) return expressionCompiler()(text, place, self, this);
        const cache = place === 'relation' ? relations : applicable;
        // The scope has no U+0000, so the first one ends it and keys of two scopes never meet.
        const key = place === 'relation' ? `${this.scope}\u0000${text}` : `${this.scope}\u0000${self ?? ''}\u0000${text}`;
        const hit = cache.get(key);
        if (hit && this.valid(hit)) return hit.outcome;
        const outcome = expressionCompiler()(text, place, self, this);
        // A server keeps an outcome only when its text comes back: one that passes once (a new
        // relation in a one-off schema) would only be copied by the collector and evicted unused.
        if (limits.secondSighting && !hit && !sightings.seenBefore(`${place}\u0000${key}`, true)) return outcome;
        const named: string[] = [];
        for (const id of outcome.reads) {
            const name = this.nameOf(id);
            if (name !== undefined) named.push(this.signature(name));
        }
        cache.set(key, { outcome, named, allNames: outcome.unknownName ? this.allNames() : undefined });
        return outcome;
    }

    private valid(e: Entry): boolean {
        if (e.allNames !== undefined && e.allNames !== this.allNames()) return false;
        for (const s of e.named) {
            if (this.signature(s.slice(0, s.indexOf('\u0000'))) !== s) return false;
        }
        return true;
    }
}

/** Characters of expression text whose outcomes are held (tests of the memory bound). */
export function expressionCacheChars(): number {
    return relations.chars + applicable.chars;
}

/**
 * Lowers (or restores) the bounds of each generation and forgets what is held. The language server
 * keeps the defaults (a whole 1 MiB schema in one generation, every outcome kept at once: its user
 * edits one expression among many that stay); a server, whose compile cache already remembers whole
 * schemas, needs far fewer and keeps an outcome only on its text's second sighting.
 */
export function limitExpressionCache(entries: number, chars: number, secondSighting = false): void {
    limits = { entries, chars, secondSighting };
    clearExpressionCache();
}

/** Forgets every reused outcome (tests and benchmarks of the cold path). */
export function clearExpressionCache(): void {
    relations = new Generations<Entry>(bounds);
    applicable = new Generations<Entry>(bounds);
    sightings = new Generations<true>(bounds);
}
