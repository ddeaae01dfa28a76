// An edit inside a string or of white space between tokens, patched into the tree of the text before
// (json/json-patch.ts), gives the tree the reader builds for the new text; an edit it does not
// handle leaves the tree untouched. The
// language server's compiles of successive versions (DocumentCompiler) equal compiles from scratch.
import { expect } from 'chai';
import fc from 'fast-check';
import { compileSchemaText, DocumentCompiler } from '../src/compile.js';
import { patchTextEdit } from '../src/json/json-patch.js';
import { readJson } from '../src/json/json-reader.js';

const RUNS = Math.max(50, Math.floor(Number(process.env.FC_RUNS ?? 10_000) / 10));

const BASE = `{"svc_schema": "1.0", "name": "patch",
 "fields": [{"name": "a", "type": "integer"}, {"name": "b", "type": "integer", "description": "b\\u00e9"},
  {"name": "total", "type": "integer", "min": 0}],
 "relations": [{"id": "sum", "expr": "a + b == total"}, {"id": "pos", "expr": "a > 5", "description": ""},
  {"id": "x", "expr": "totl > 1"}]}`;

/** Long strings before and after, so the texts' comparison runs over whole chunks (json-patch.ts). */
const PADDED = BASE.replace('"b\\u00e9"', `"${'p'.repeat(9_000)}"`).replace('"description": ""', `"description": "${'q'.repeat(9_000)}"`);

/** Random edits anywhere, with a bias to the insides of strings (where typing happens). */
const edit = fc.record({
    at: fc.nat(),
    cut: fc.nat({ max: 6 }),
    insert: fc.constantFrom('', 'a', ' ', 'é', '😀', ' + b', '"', '\\', '\\n', '\n', ',', '}', '0', 'total'),
    inString: fc.boolean(),
});

function apply(text: string, e: { at: number; cut: number; insert: string; inString: boolean }): string {
    let at = e.at % (text.length + 1);
    if (e.inString) {
        // Move into the nearest string's inside: after the next quote.
        const q = text.indexOf('"', at);
        if (q >= 0) at = Math.min(q + 1, text.length);
    }
    return text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.cut));
}

describe('patching an edit inside a string into the tree (property)', () => {
    it('gives the tree the reader builds for the new text, or leaves the tree untouched', () => {
        let patched = 0;
        fc.assert(
            fc.property(fc.constantFrom(BASE, PADDED), fc.array(edit, { minLength: 1, maxLength: 6 }), (base, edits) => {
                let text = base;
                let root = readJson(text).root!;
                for (const e of edits) {
                    const next = apply(text, e);
                    const fresh = readJson(next);
                    const untouched = JSON.stringify(root);
                    if (patchTextEdit(root, text, next)) {
                        patched++;
                        expect(fresh.diagnostics, next).to.deep.equal([]);
                        expect(root, next).to.deep.equal(fresh.root);
                    } else {
                        expect(JSON.stringify(root)).to.equal(untouched);
                        if (!fresh.root || fresh.diagnostics.length > 0) return; // a broken text ends the sequence
                        root = fresh.root;
                    }
                    text = next;
                }
            }),
            { numRuns: RUNS },
        );
        expect(patched, 'some edits were patched').to.be.greaterThan(RUNS / 10);
    });

    it('finds an edit at and around chunk boundaries, in the first or the second of two long strings', () => {
        const edits = (before: string): Array<[string, number]> => {
            const y = before.indexOf('"y"') + 1;
            const ats = [4_095, 4_096, 4_097, 8_191, 8_192, y, y + 1, 12_300, before.length - 4_098, before.length - 3];
            return ats.map((at) => [before, at]);
        };
        const texts = [4_090, 8_190].map((n) => `{"a": "${'x'.repeat(n)}", "b": "y", "c": "${'z'.repeat(9_000)}"}`);
        for (const [before, at] of texts.flatMap(edits)) {
            for (const insert of ['', 'é', 'ab']) {
                const after = before.slice(0, at) + insert + before.slice(at + (insert ? 0 : 1));
                const root = readJson(before).root!;
                const fresh = readJson(after);
                // Inside a string's quotes (plain text on both sides): it must be patched, and right.
                const cut = insert ? 0 : 1;
                const inside = root.kind === 'object' && root.members.some((m) => m.value.start < at && at + cut < m.value.end);
                const patched = patchTextEdit(root, before, after);
                expect(patched, `${at} ${insert}`).to.equal(inside);
                if (patched) expect(root, `${at} ${insert}`).to.deep.equal(fresh.root);
                else expect(JSON.stringify(root)).to.equal(JSON.stringify(readJson(before).root));
            }
        }
    });

    it('moves offsets for white space changed between tokens, and refuses white space inside a token', () => {
        const before = '{"a b": [12, true],\n "c": {"d": "e f"}}';
        const cases: Array<[string, boolean]> = [
            [before.replace('[12, true]', '[12,  true]'), true],
            [before.replace('[12, true]', '[12,true]'), true],
            [before.replace(',\n "c"', ',\n\t\r\n "c"'), true],
            [`  ${before}`, true],
            [`${before}\n`, true],
            [before.replace('"e f"}', '"e f" }'), true],
            [before.replace('12', '1 2'), false],
            [before.replace('true', 'tr ue'), false],
            [before.replace('"a b"', '"a  b"'), false],
            [before.replace('"a b"', '"ab"'), false],
        ];
        for (const [after, patchable] of cases) {
            const root = readJson(before).root!;
            expect(patchTextEdit(root, before, after), after).to.equal(patchable);
            if (patchable) expect(root, after).to.deep.equal(readJson(after).root);
            else expect(root).to.deep.equal(readJson(before).root);
        }
    });

    it('compiles successive versions exactly as compiles from scratch', () => {
        let patched = 0;
        fc.assert(
            fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
                const doc = new DocumentCompiler();
                let text = BASE;
                for (const e of [undefined, ...edits]) {
                    if (e) text = apply(text, e);
                    const { result } = doc.compile(text);
                    const full = compileSchemaText(text, { reuse: false });
                    expect(result, text).to.deep.equal(full);
                }
                patched += doc.stats.patched;
            }),
            { numRuns: Math.max(20, Math.floor(RUNS / 4)) },
        );
        expect(patched, 'some versions were compiled on a patched tree').to.be.greaterThan(RUNS / 50);
    });
});
