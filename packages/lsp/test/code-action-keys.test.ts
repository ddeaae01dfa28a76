// The quick fix for an unknown key suggests only keys valid at its place (a field's by its type, an
// item's, a relation's, the top level's) that the object does not have yet. A hostile review found
// `nme` → `name` and `exp` → `expr` offered next to the key they would duplicate (E-JSON-DUPKEY), a
// top-level `hint` → `hints` (a field's key) and `patern` → `pattern` on a decimal (E-SCHEMA-VALUE).
import { expect } from 'chai';
import { compileSchemaText } from '@svc/compiler';
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { LspSession } from './lsp-test-client.js';
import { applyEdits } from './test-text.js';

const TEXT = `{
  "svc_schema": "1.0",
  "name": "k",
  "hint": 1,
  "fields": [
    {"name": "a", "type": "decimal", "nme": 1, "scal": 2, "patern": "x"},
    {"name": "s", "type": "string", "patern": "[0-9]+"},
    {"name": "l", "type": "array", "items": {"type": "date", "eon": "clamp"}},
    {"name": "q", "type": "nosuchtype", "hins": ["q"]}
  ],
  "relations": [{"id": "r", "expr": "a > 0", "exp": "a"}, {"id": "t", "exp": "a > 1"}]
}`;

/** The suggestions for each unknown key, by the key's pointer. */
const EXPECTED: Record<string, string[]> = {
    '/hint': [],
    '/fields/0/nme': [],
    '/fields/0/scal': ['scale'],
    '/fields/0/patern': [],
    '/fields/1/patern': ['pattern'],
    '/fields/2/items/eon': ['eom'],
    '/fields/3/hins': ['hints'],
    '/relations/0/exp': [],
    '/relations/1/exp': ['expr'],
};

describe('quick fixes for an unknown key', function () {
    this.timeout(30_000);
    let s: LspSession;
    before(async () => {
        s = await LspSession.start();
    });
    after(async () => s.stop());

    it('suggest only keys valid at the place and for the type, not already present; each applied compiles without new errors', async () => {
        const uri = 'file:///work/unknown-keys.svc.json';
        const diags = (await s.open(uri, TEXT)).filter((d) => d.code === 'E-SCHEMA-UNKNOWN-KEY');
        const pointers = diags.map((d) => (d.data as { pointer: string }).pointer);
        expect(pointers).to.have.members(Object.keys(EXPECTED));
        const before = compileSchemaText(TEXT);
        const known = new Set([...before.errors, ...before.warnings].map((e) => `${e.code} ${e.pointer}`));
        for (const d of diags as Diagnostic[]) {
            const pointer = (d.data as { pointer: string }).pointer;
            const actions = await s.request<CodeAction[]>('textDocument/codeAction', {
                textDocument: { uri },
                range: d.range,
                context: { diagnostics: [d] },
            });
            const keyFixes = actions.filter((a) => a.diagnostics?.[0]?.code === 'E-SCHEMA-UNKNOWN-KEY');
            expect(
                keyFixes.map((a) => a.title),
                pointer,
            ).to.deep.equal(EXPECTED[pointer]!.map((k) => `Change key to "${k}"`));
            for (const fix of keyFixes) {
                const after = compileSchemaText(applyEdits(TEXT, fix.edit!.changes![uri]!));
                const added = [...after.errors, ...after.warnings].filter((e) => !known.has(`${e.code} ${e.pointer}`));
                expect(
                    added.map((e) => `${e.code} ${e.pointer} ${e.message}`),
                    `${pointer}: ${fix.title}`,
                ).to.deep.equal([]);
                expect(after.errors.some((e) => e.pointer === pointer)).to.equal(false);
            }
        }
    });
});
