// What the editor is shown after a sequence of edits equals a full compile of the final text. The
// compile worker keeps the compiler's reuse of expression outcomes from one version to the next,
// patches the JSON tree of the version before when an edit stays inside a string or in white space, and places the
// diagnostics on the compiler's own tree (compile/compile-placed.ts); the reference
// compiles from scratch (`reuse: false`) on this thread and places on the forgiving reader's
// analysis, as the server does for a small document. The edits are an editor's: expressions
// replaced, types and names changed, characters typed and deleted anywhere (half-typed JSON too).
import { expect } from 'chai';
import fc from 'fast-check';
import { compileSchemaText } from '@svc/compiler';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CompileRunner } from '../src/compile/compile-runner.js';
import { DiagnosticMapper, type PlacedDiagnostic } from '../src/diagnostics/diagnostic-mapper.js';
import { SchemaAnalysis } from '../src/documents/document-analysis.js';

const RUNS = Math.max(10, Math.floor(Number(process.env.FC_RUNS ?? 10_000) / 50));

const TYPES = ['"integer"', '"decimal", "scale": 2', '"money", "currency": "EUR"', '"money", "currency": "USD"', '"date"', '"boolean"'];
const TYPES_RE = /"type": ("[a-z]+"(?:, "(?:scale|currency)": (?:2|"[A-Z]+"))?)/g;
const NAMES = ['a', 'b', 'total', 'totl', 'd', 'é'];
const EXPRS = [
    'a + b == total',
    'a > 5',
    'totl > 0',
    "round(a / b, 2, 'half_up') == total",
    'a == a',
    'a +',
    'not d',
    "d >= date'2000-01-01'",
    'b \\u003e 1',
    'min(a, b) >= 0 or é < 1',
    '',
];
const NOISE = ['{', '}', '[', ']', '"', ':', ',', "'", '(', ')', '\\', '\\u00e9', ' ', '\n', 'é', 'a', ' + 1'];

const BASE = `{"svc_schema": "1.0", "name": "edits",
 "fields": [
  {"name": "a", "type": "integer"},
  {"name": "b", "type": "integer"},
  {"name": "total", "type": "integer"},
  {"name": "d", "type": "date", "applicable_when": "a > 0"}
 ],
 "relations": [
  {"id": "sum", "expr": "a + b == total"},
  {"id": "pos", "expr": "a > 5"},
  {"id": "due", "expr": "d >= date'2000-01-01'"}
 ]}`;

type Edit =
    | { k: 'expr'; i: number; expr: string }
    | { k: 'type'; i: number; type: string }
    | { k: 'name'; i: number; name: string }
    | { k: 'type-chars'; at: number; text: string }
    | { k: 'delete'; at: number; n: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
    fc.record({ k: fc.constant('expr' as const), i: fc.nat(5), expr: fc.constantFrom(...EXPRS) }),
    fc.record({ k: fc.constant('type' as const), i: fc.nat(5), type: fc.constantFrom(...TYPES) }),
    fc.record({ k: fc.constant('name' as const), i: fc.nat(5), name: fc.constantFrom(...NAMES) }),
    fc.record({ k: fc.constant('type-chars' as const), at: fc.nat(), text: fc.constantFrom(...NOISE) }),
    fc.record({ k: fc.constant('delete' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 12 }) }),
);

/** Replaces the i-th match (modulo the count) of a pattern's first group; the text as it is when none. */
function replaceNth(text: string, re: RegExp, i: number, value: string): string {
    const hits = [...text.matchAll(re)];
    if (hits.length === 0) return text;
    const m = hits[i % hits.length]!;
    const start = m.index! + m[0].indexOf(m[1]!);
    return text.slice(0, start) + value + text.slice(start + m[1]!.length);
}

function apply(text: string, e: Edit): string {
    switch (e.k) {
        case 'expr':
            return replaceNth(text, /"expr": "((?:[^"\\]|\\.)*)"/g, e.i, e.expr);
        case 'type':
            return replaceNth(text, TYPES_RE, e.i, e.type);
        case 'name':
            return replaceNth(text, /"name": "([^"\\]*)", "type"/g, e.i, e.name);
        case 'type-chars': {
            const at = e.at % (text.length + 1);
            return text.slice(0, at) + e.text + text.slice(at);
        }
        case 'delete': {
            const at = e.at % (text.length + 1);
            return text.slice(0, at) + text.slice(at + e.n);
        }
    }
}

/** A full compile on this thread, placed on the forgiving reader's tree. */
function fullCompile(text: string): PlacedDiagnostic[] {
    const r = compileSchemaText(text, { reuse: false });
    const analysis = new SchemaAnalysis('file:///edits.svc.json', TextDocument.create('file:///edits.svc.json', 'json', 1, text));
    return new DiagnosticMapper().place(analysis, [...r.errors, ...r.warnings]);
}

describe('incremental compiles on the worker equal full compiles (property)', function () {
    this.timeout(300_000);

    it('after any sequence of edits, every version shows what a full compile shows', async () => {
        const runner = new CompileRunner({});
        let nonEmpty = 0;
        try {
            await fc.assert(
                fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 8 }), async (edits) => {
                    let text = BASE;
                    for (const e of edits) {
                        text = apply(text, e);
                        const shown = await runner.compile(text, 'file:///edits.svc.json');
                        expect(shown, `after ${JSON.stringify(e)}:\n${text}`).to.deep.equal(fullCompile(text));
                        if (shown!.length > 0) nonEmpty++; // awaited one at a time: never superseded
                    }
                }),
                { numRuns: RUNS },
            );
            expect(runner.stats.inWorker, 'compiled on the worker').to.be.greaterThan(0);
            expect(runner.stats.inThread).to.equal(0);
            const trees = (await runner.workerStats())!.trees;
            expect(trees.patched, 'versions compiled on a patched tree').to.be.greaterThan(RUNS / 4);
            expect(trees.read, 'versions read afresh').to.be.greaterThan(RUNS / 4);
            expect(nonEmpty, 'some versions have diagnostics to place').to.be.greaterThan(RUNS / 4);
        } finally {
            runner.dispose();
        }
    });

    it('patches the tree of the same document only, and not after the document is forgotten', async () => {
        const runner = new CompileRunner({});
        try {
            const edited = BASE.replace('a > 5', 'a > 6');
            const trees = async (): Promise<{ patched: number; read: number }> => (await runner.workerStats())!.trees;
            await runner.compile(BASE, 'file:///one.svc.json');
            await runner.compile(BASE, 'file:///two.svc.json');
            await runner.compile(edited, 'file:///one.svc.json');
            expect(await trees()).to.deep.equal({ patched: 1, read: 2 });
            runner.forget('file:///one.svc.json');
            await runner.compile(BASE, 'file:///one.svc.json');
            await runner.compile(edited, 'file:///two.svc.json');
            expect(await trees()).to.deep.equal({ patched: 2, read: 3 });
        } finally {
            runner.dispose();
        }
    });
});
