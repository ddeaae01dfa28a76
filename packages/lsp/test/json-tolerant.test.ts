// The forgiving reader builds the compiler's tree on valid JSON, and some tree on anything else.
import { expect } from 'chai';
import fc from 'fast-check';
import { compileSchemaText, readJson } from '@svc/compiler';
import { parseTolerant } from '../src/index.js';
import { COMMON_FIELD_KEYS, FIELD_TYPES, KEYWORD_VALUES, RELATION_KEYS, TOP_KEYS, TYPE_KEYS } from '../src/documents/language-facts.js';

/** fast-check runs per property (FC_RUNS overrides, as in the compiler's tests). */
const RUNS = Number(process.env.FC_RUNS ?? 10_000);

describe('parseTolerant', () => {
    it("equals the compiler's reader on valid JSON, compact or indented (property)", () => {
        fc.assert(
            fc.property(fc.json({ maxDepth: 4 }), fc.boolean(), (json, indent) => {
                const text = indent ? JSON.stringify(JSON.parse(json), null, 2) : json;
                expect(parseTolerant(text).root).to.deep.equal(readJson(text).root);
            }),
            { numRuns: RUNS },
        );
    });

    it('skips a closer of a kind that is not open, as if it were a space (property)', () => {
        // Nested arrays of numbers: every "}" in them is stray. (The count of open kinds makes the
        // skip one step; the hardening bench times "[" × 100,000 then "}" × 100,000.)
        const { tree } = fc.letrec((tie) => ({
            tree: fc.oneof({ depthSize: 'small' }, fc.integer({ min: 0, max: 99 }), fc.array(tie('tree'), { maxLength: 4 })),
        }));
        fc.assert(
            fc.property(tree, fc.array(fc.nat(), { maxLength: 6 }), (value, at) => {
                const json = JSON.stringify(value);
                const cuts = [...new Set(at.map((k) => k % (json.length + 1)))].sort((a, b) => b - a);
                let stray = json;
                let blank = json;
                for (const k of cuts) {
                    stray = `${stray.slice(0, k)}}${stray.slice(k)}`;
                    blank = `${blank.slice(0, k)} ${blank.slice(k)}`;
                }
                expect(parseTolerant(stray).root).to.deep.equal(parseTolerant(blank).root);
            }),
            { numRuns: RUNS },
        );
        expect(parseTolerant('[[[}}}]]]').root).to.deep.equal(parseTolerant('[[[   ]]]').root);
    });

    it('keeps duplicate keys with the same flags as the reader', () => {
        const text = '{"a": 1, "b": {"x": [1, 2], "x": "y"}, "a": true, "a": null}';
        expect(parseTolerant(text).root).to.deep.equal(readJson(text).root);
    });

    it('never throws on a prefix of valid JSON, and keeps what was typed (property)', () => {
        fc.assert(
            fc.property(fc.json({ maxDepth: 4 }), fc.nat(), (json, cut) => {
                const text = JSON.stringify(JSON.parse(json), null, 1).slice(0, cut % (json.length + 1));
                parseTolerant(text);
            }),
            { numRuns: RUNS },
        );
        const typed = parseTolerant('{"fields": [{"name": "a", "ty');
        const root = typed.root!;
        expect(root.kind).to.equal('object');
        const fields = root.kind === 'object' ? root.members[0]!.value : undefined;
        expect(fields?.kind === 'array' && fields.items[0]?.kind === 'object' && fields.items[0].members.map((m) => m.key)).to.deep.equal([
            'name',
        ]);
        expect([...typed.pending.values()].flat().map((p) => p.key)).to.deep.equal(['ty']);
    });
});

describe('what completion offers is what the compiler accepts', () => {
    const doc = (field: string, extra = ''): string => `{"svc_schema": "1.0", "name": "t", "fields": [${field}]${extra}}`;
    const codes = (text: string): string[] => compileSchemaText(text).errors.map((e) => `${e.code} ${e.pointer} ${e.message}`);

    it('every top-level and relation key is known', () => {
        for (const k of TOP_KEYS)
            expect(codes(doc('{"name": "a", "type": "integer"}', `, "${k}": 1`)).join()).to.not.contain('UNKNOWN-KEY');
        for (const k of RELATION_KEYS)
            expect(codes(doc('{"name": "a", "type": "integer"}', `, "relations": [{"${k}": 1}]`)).join()).to.not.contain('UNKNOWN-KEY');
        expect(codes(doc('{"name": "a", "type": "integer"}', ', "nope": 1')).join()).to.contain('E-SCHEMA-UNKNOWN-KEY');
    });

    it('each type takes exactly its keys', () => {
        const all = new Set(Object.values(TYPE_KEYS).flat());
        for (const type of FIELD_TYPES) {
            for (const key of all) {
                const misplaced = codes(doc(`{"name": "a", "type": "${type}", "${key}": null}`)).some(
                    (c) => c.includes(`/fields/0/${key} `) && c.includes('does not apply'),
                );
                expect(misplaced, `${key} on ${type}`).to.equal(!TYPE_KEYS[type].includes(key));
            }
            for (const key of COMMON_FIELD_KEYS) {
                expect(codes(doc(`{"name": "a", "type": "${type}", "${key}": null}`)).join(), `${key} on ${type}`).to.not.contain(
                    'does not apply',
                );
            }
        }
    });

    it('every keyword value compiles, and another word does not', () => {
        const on: Record<string, string> = { eom: 'date', date_order: 'date', basis: 'duration' };
        for (const [key, values] of KEYWORD_VALUES) {
            for (const v of values)
                expect(codes(doc(`{"name": "a", "type": "${on[key]}", "${key}": "${v}"}`)), `${key} ${v}`).to.deep.equal([]);
            expect(codes(doc(`{"name": "a", "type": "${on[key]}", "${key}": "other"}`)).join()).to.contain('E-SCHEMA-VALUE');
        }
    });
});
