// Compiled RE2 patterns of string fields, kept per pattern text (schemas are compiled once and
// reused), shared by the parser and the reader's scans. Bounded: cleared past 1000 patterns.
import { RE2JS } from 're2js';

const cache = new Map<string, RE2JS>();

export function compiledPattern(source: string): RE2JS {
    let re = cache.get(source);
    if (!re) {
        if (cache.size > 1000) cache.clear();
        re = RE2JS.compile(source);
        cache.set(source, re);
    }
    return re;
}
