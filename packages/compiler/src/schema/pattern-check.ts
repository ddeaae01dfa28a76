// The `pattern` of a string field: within its limits (docs/schema-language.md, section 6), then
// compiled by re2js, whose verdict is remembered. The limits bound what checking a schema's
// patterns costs whatever the schema holds (docs/compiler.md, "Pattern limits"): re2js's own bound
// is a program of 1.4 million instructions, and 32 patterns of ten kilobytes near it took 16 s and
// 460 MB. Each pattern is bounded, and so are a schema's patterns together, since the language
// server compiles a document on its main thread.
import { RE2JS } from 're2js';
import { childPointer } from '../diagnostics/diagnostic-types.js';
import type { DiagnosticSink } from '../diagnostics/diagnostic-sink.js';
import { codePoints } from './schema-keys.js';
import { patternCost } from './pattern-cost.js';

/**
 * Characters of one pattern, and compiled size of one (pattern-cost.ts), at most; then the same of
 * all patterns of a schema together. Parsing costs up to 7 µs a character (`\p{L}` written out),
 * compiling up to 2 µs and 1.1 KB a unit of size (`^(?:ab|cd){…}`, one-pass analysis included):
 * a schema's patterns then take at most about 0.2 s to check (measured: `npm run bench`).
 */
export const PATTERN_LIMITS = {
    chars: 4096,
    size: 10_000,
    schemaChars: 16_384,
    schemaSize: 20_000,
} as const;

// Whether a pattern compiles is a pure function of its text: remembered (bounded), since compiling
// an RE2 pattern was a tenth of compiling a small schema that has one. Every pattern checked is
// within the length limit, and the characters of all remembered ones are bounded too.
const patterns = new Map<string, Error | null>();
let patternChars = 0;
/** Characters of the remembered patterns' keys at most. */
const PATTERN_CACHE_CHARS = 1 << 20;

/**
 * One compile's patterns: the scope that prefixes the keys of `patterns` (CompileOptions.reuseScope:
 * a long pattern takes milliseconds to compile, so a hit on a pattern another tenant sent would
 * confirm a guess at it), and what the schema's patterns used of their budget so far. Compiles are
 * synchronous, so one module variable is enough.
 */
interface PatternContext {
    scope: string;
    chars: number;
    size: number;
}
let context: PatternContext = { scope: '', chars: 0, size: 0 };

/** Runs the check of one schema: its own scope, and its patterns' budget from nothing. */
export function withPatternScope<T>(scope: string, check: () => T): T {
    const before = context;
    context = { scope, chars: 0, size: 0 };
    try {
        return check();
    } finally {
        context = before;
    }
}

/** Characters the remembered patterns hold (tests). */
export function patternCacheChars(): number {
    return patternChars;
}

function compilePatternOnce(pattern: string): Error | null {
    const key = `${context.scope}\u0000${pattern}`;
    let failure = patterns.get(key);
    if (failure === undefined) {
        try {
            RE2JS.compile(pattern);
            failure = null;
        } catch (e) {
            failure = e as Error;
        }
        if (patterns.size >= 1024 || patternChars + key.length > PATTERN_CACHE_CHARS) {
            patterns.clear();
            patternChars = 0;
        }
        patterns.set(key, failure);
        patternChars += key.length;
    }
    return failure;
}

/**
 * Checks a pattern at `pointer` (the `pattern` member; `start` its value's offset). A pattern over a
 * limit is E-LIMIT and is not compiled; one the schema's budget has no room for is not counted in
 * it, so each pattern reported is one that does not fit and those that fit are still checked.
 */
export function checkPattern(pattern: string, pointer: string, start: number, sink: DiagnosticSink): boolean {
    const p = childPointer(pointer, 'pattern');
    const chars = codePoints(pattern);
    if (chars > PATTERN_LIMITS.chars) {
        sink.report('E-LIMIT', p, start, { form: 'pattern-chars', n: chars, max: PATTERN_LIMITS.chars });
        return false;
    }
    if (context.chars + chars > PATTERN_LIMITS.schemaChars) {
        sink.report('E-LIMIT', p, start, { form: 'schema-pattern-chars', n: context.chars + chars, max: PATTERN_LIMITS.schemaChars });
        return false;
    }
    const size = Math.ceil(patternCost(pattern));
    if (size > PATTERN_LIMITS.size) {
        sink.report('E-LIMIT', p, start, { form: 'pattern-size', size, max: PATTERN_LIMITS.size });
        return false;
    }
    if (context.size + size > PATTERN_LIMITS.schemaSize) {
        sink.report('E-LIMIT', p, start, { form: 'schema-pattern-size', size: context.size + size, max: PATTERN_LIMITS.schemaSize });
        return false;
    }
    context.chars += chars;
    context.size += size;
    const failure = compilePatternOnce(pattern);
    if (failure) sink.report('E-SCHEMA-VALUE', p, start, { form: 'pattern', reason: failure.message });
    return failure === null;
}
