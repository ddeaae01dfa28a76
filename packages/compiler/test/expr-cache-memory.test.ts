// The expression cache is bounded by the text it holds, not only by its entries: distinct schemas
// at the size limit, with expressions at theirs, must not grow a thread's heap without end (each
// outcome holds about 20 bytes per character of its expression; 32,768 of them were 10 GB).
import { expect } from 'chai';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
    clearExpressionCache,
    EXPR_CACHE_CHARS,
    EXPR_CACHE_ENTRIES,
    expressionCacheChars,
    limitExpressionCache,
} from '../src/expr/expr-cache.js';
import { compileSchemaText } from '../src/compile.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A schema of `relations` expressions of about `length` characters each, all new for `seed`. */
function bigSchema(seed: number, relations: number, length: number): string {
    const rels = [];
    for (let r = 0; r < relations; r++) {
        let e = `a + ${seed}.${r}`;
        while (e.length < length - 20) e += ' + a * b';
        rels.push({ id: `r${r}`, expr: `${e} > b` });
    }
    return JSON.stringify({
        svc_schema: '1.0',
        name: `s${seed}`,
        fields: [
            { name: 'a', type: 'decimal' },
            { name: 'b', type: 'decimal' },
        ],
        relations: rels,
    });
}

describe('expression cache memory', function () {
    this.timeout(120_000);
    after(() => clearExpressionCache());

    it('holds at most two generations of EXPR_CACHE_CHARS of text, however many large schemas come', () => {
        clearExpressionCache();
        gc();
        const before = process.memoryUsage().heapUsed;
        // 20 schemas of 60 expressions of 16,000 characters: 19 MB of expression text, 350 MB of
        // outcomes if all were kept.
        for (let seed = 0; seed < 20; seed++) {
            // Refused too (E-LIMIT: registers), which a hostile client does not mind: the outcome is cached all the same.
            compileSchemaText(bigSchema(seed, 60, 16_000));
            expect(expressionCacheChars()).to.be.at.most(2 * EXPR_CACHE_CHARS);
        }
        gc();
        const grown = (process.memoryUsage().heapUsed - before) / (1024 * 1024);
        expect(grown, `heap growth ${grown.toFixed(0)} MiB`).to.be.below(150);
    });

    it('still reuses every expression of one large schema compiled again', () => {
        clearExpressionCache();
        const text = bigSchema(99, 60, 16_000);
        compileSchemaText(text);
        const held = expressionCacheChars();
        expect(held).to.be.greaterThan(60 * 15_000);
        compileSchemaText(text);
        expect(expressionCacheChars()).to.equal(held);
    });

    it('keeps the lower bounds a process sets (the server: whole schemas are cached elsewhere)', () => {
        try {
            limitExpressionCache(4, 2_000);
            compileSchemaText(bigSchema(7, 12, 400));
            expect(expressionCacheChars()).to.be.at.most(2 * 2_000);
            expect(expressionCacheChars()).to.be.greaterThan(0);
        } finally {
            limitExpressionCache(EXPR_CACHE_ENTRIES, EXPR_CACHE_CHARS);
        }
        compileSchemaText(bigSchema(7, 12, 400));
        expect(expressionCacheChars()).to.be.greaterThan(12 * 350);
    });

    it('with second sightings, keeps an outcome only when its text comes back, and answers the same', () => {
        const text = bigSchema(11, 5, 200);
        const fresh = compileSchemaText(text, { reuse: false });
        try {
            limitExpressionCache(EXPR_CACHE_ENTRIES, EXPR_CACHE_CHARS, true);
            const once = compileSchemaText(text);
            expect(expressionCacheChars()).to.equal(0);
            const twice = compileSchemaText(text);
            expect(expressionCacheChars()).to.be.greaterThan(5 * 150);
            const thrice = compileSchemaText(text);
            for (const r of [once, twice, thrice]) {
                expect(r.errors).to.deep.equal(fresh.errors);
                expect(r.warnings).to.deep.equal(fresh.warnings);
                expect(r.schemaHash).to.equal(fresh.schemaHash);
                expect([...r.expressions.keys()]).to.deep.equal([...fresh.expressions.keys()]);
            }
        } finally {
            limitExpressionCache(EXPR_CACHE_ENTRIES, EXPR_CACHE_CHARS);
        }
    });
});
