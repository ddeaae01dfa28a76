// Every compile code with a case that raises it (exact pointer, span where the code has one) and a
// near-identical case that does not.
import { expect } from 'chai';
import { compileSchemaText } from '../src/compile.js';
import { codesOf, doc } from './compile-helpers.js';

const A = '{"name": "a", "type": "integer"}';

interface Case {
    code: string;
    bad: string;
    pointer: string;
    good: string;
}

const STRUCTURE: Case[] = [
    { code: 'E-JSON-SYNTAX', bad: doc(`${A},`), pointer: '/fields', good: doc(A) },
    { code: 'E-JSON-DUPKEY', bad: doc('{"name": "a", "type": "integer", "name": "b"}'), pointer: '/fields/0/name', good: doc(A) },
    {
        code: 'E-JSON-NUMBER',
        bad: doc('{"name": "x", "type": "decimal", "max": 1e400}'),
        pointer: '/fields/0/max',
        good: doc('{"name": "x", "type": "decimal", "max": 1e20}'),
    },
    {
        code: 'E-JSON-NUMBER',
        bad: doc('{"name": "x", "type": "decimal", "scale": 2.5}'),
        pointer: '/fields/0/scale',
        good: doc('{"name": "x", "type": "decimal", "scale": 2.0}'),
    },
    { code: 'E-SCHEMA-VERSION', bad: `{"svc_schema": "1.1", "name": "t", "fields": [${A}]}`, pointer: '/svc_schema', good: doc(A) },
    { code: 'E-SCHEMA-UNKNOWN-KEY', bad: doc(A, ', "labels": []'), pointer: '/labels', good: doc(A, ', "description": "d"') },
    {
        code: 'E-SCHEMA-UNKNOWN-KEY',
        bad: doc(A, ', "relations": [{"id": "p", "expr": "a > 0", "when": 1}]'),
        pointer: '/relations/0/when',
        good: doc(A, ', "relations": [{"id": "p", "expr": "a > 0", "description": "x"}]'),
    },
    {
        code: 'E-SCHEMA-UNKNOWN-KEY',
        bad: doc('{"name": "l", "type": "array", "items": {"type": "string", "colour": 1}}'),
        pointer: '/fields/0/items/colour',
        good: doc('{"name": "l", "type": "array", "items": {"type": "string", "pattern": "[a-z]+"}}'),
    },
    { code: 'E-SCHEMA-MISSING-KEY', bad: '{"svc_schema": "1.0", "fields": [{"name": "a", "type": "integer"}]}', pointer: '', good: doc(A) },
    {
        code: 'E-SCHEMA-MISSING-KEY',
        bad: doc('{"name": "s", "type": "enum"}'),
        pointer: '/fields/0',
        good: doc('{"name": "s", "type": "enum", "labels": ["x"]}'),
    },
    {
        code: 'E-SCHEMA-MISSING-KEY',
        bad: doc(A, ', "relations": [{"id": "p"}]'),
        pointer: '/relations/0',
        good: doc(A, ', "relations": [{"id": "p", "expr": "a > 0"}]'),
    },
    { code: 'E-SCHEMA-TYPE', bad: `{"svc_schema": 1.0, "name": "t", "fields": [${A}]}`, pointer: '/svc_schema', good: doc(A) },
    {
        code: 'E-SCHEMA-TYPE',
        bad: doc('{"name": "a", "type": "integer", "min": true}'),
        pointer: '/fields/0/min',
        good: doc('{"name": "a", "type": "integer", "min": 1}'),
    },
    { code: 'E-SCHEMA-TYPE', bad: doc(A, ', "relations": {}'), pointer: '/relations', good: doc(A, ', "relations": []') },
    { code: 'E-SCHEMA-TYPE', bad: '[1]', pointer: '', good: doc(A) },
    {
        code: 'E-SCHEMA-VALUE',
        bad: doc('{"name": "l", "type": "array", "items": {"type": "string", "nullable": true}}'),
        pointer: '/fields/0/items/nullable',
        good: doc('{"name": "l", "type": "array", "nullable": true, "items": {"type": "string"}}'),
    },
    {
        code: 'E-SCHEMA-VALUE',
        bad: doc('{"name": "l", "type": "array", "items": {"type": "array", "items": {"type": "string"}}}'),
        pointer: '/fields/0/items/type',
        good: doc('{"name": "l", "type": "array", "items": {"type": "date"}}'),
    },
    {
        code: 'E-SCHEMA-VALUE',
        bad: doc('{"name": "m", "type": "money", "currency": "EURO"}'),
        pointer: '/fields/0/currency',
        good: doc('{"name": "m", "type": "money", "currency": "JPY"}'),
    },
    {
        code: 'E-SCHEMA-VALUE',
        bad: doc('{"name": "s", "type": "enum", "labels": ["a"], "aliases": {"b": ["x"]}}'),
        pointer: '/fields/0/aliases/b',
        good: doc('{"name": "s", "type": "enum", "labels": ["a", "b"], "aliases": {"b": ["x"]}}'),
    },
    {
        // Every value of an enum writes its label: a label of 350,000 spaces made answers of 168 MB.
        code: 'E-SCHEMA-VALUE',
        bad: doc(`{"name": "s", "type": "enum", "labels": ["a", "${'b'.repeat(129)}"]}`),
        pointer: '/fields/0/labels/1',
        good: doc(`{"name": "s", "type": "enum", "labels": ["a", "${'b'.repeat(128)}"]}`),
    },
    {
        code: 'E-SCHEMA-VALUE',
        bad: doc(`{"name": "s", "type": "enum", "labels": ["a"], "aliases": {"a": ["${' '.repeat(200)}x"]}}`),
        pointer: '/fields/0/aliases/a/0',
        good: doc('{"name": "s", "type": "enum", "labels": ["a"], "aliases": {"a": ["x"]}}'),
    },
    {
        code: 'E-SCHEMA-VALUE',
        bad: doc('{"name": "s", "type": "enum", "labels": []}'),
        pointer: '/fields/0/labels',
        good: doc('{"name": "s", "type": "enum", "labels": ["only"]}'),
    },
    {
        code: 'E-SCHEMA-VALUE',
        bad: doc(`{"name": "a", "type": "integer", "description": "${'x'.repeat(501)}"}`),
        pointer: '/fields/0/description',
        good: doc(`{"name": "a", "type": "integer", "description": "${'x'.repeat(500)}"}`),
    },
    {
        code: 'E-SCHEMA-VALUE',
        bad: doc(`{"name": "a", "type": "integer", "hints": ["${'h'.repeat(65)}"]}`),
        pointer: '/fields/0/hints/0',
        good: doc(`{"name": "a", "type": "integer", "hints": ["${'h'.repeat(64)}"]}`),
    },
    { code: 'E-SCHEMA-VALUE', bad: `{"svc_schema": "1.0", "name": "", "fields": [${A}]}`, pointer: '/name', good: doc(A) },
    {
        code: 'E-FIELD-DUP',
        bad: doc(`${A}, {"name": "b", "type": "string"}, {"name": "a", "type": "date"}`),
        pointer: '/fields/2/name',
        good: doc(`${A}, {"name": "b", "type": "string"}, {"name": "c", "type": "date"}`),
    },
    {
        code: 'E-FIELD-NAME',
        bad: doc('{"name": "total-amount", "type": "integer"}'),
        pointer: '/fields/0/name',
        good: doc('{"name": "total_amount", "type": "integer"}'),
    },
    {
        code: 'E-FIELD-NAME',
        bad: doc(`{"name": "a${'b'.repeat(64)}", "type": "integer"}`),
        pointer: '/fields/0/name',
        good: doc(`{"name": "a${'b'.repeat(63)}", "type": "integer"}`),
    },
    {
        code: 'E-FIELD-NAME',
        bad: doc('{"name": "duration", "type": "integer"}'),
        pointer: '/fields/0/name',
        good: doc('{"name": "Duration", "type": "integer"}'),
    },
    {
        code: 'E-REL-DUP',
        bad: doc(A, ', "relations": [{"id": "p", "expr": "a > 0"}, {"id": "q", "expr": "a < 9"}, {"id": "p", "expr": "a != 5"}]'),
        pointer: '/relations/2/id',
        good: doc(A, ', "relations": [{"id": "p", "expr": "a > 0"}, {"id": "q", "expr": "a < 9"}]'),
    },
    {
        code: 'E-RANGE',
        bad: doc('{"name": "a", "type": "integer", "max": 9007199254740992}'),
        pointer: '/fields/0/max',
        good: doc('{"name": "a", "type": "integer", "max": 9007199254740991}'),
    },
    {
        code: 'E-RANGE',
        bad: doc('{"name": "a", "type": "integer", "min": 1.5}'),
        pointer: '/fields/0/min',
        good: doc('{"name": "a", "type": "integer", "min": 1.0}'),
    },
    {
        code: 'E-RANGE',
        bad: doc('{"name": "d", "type": "date", "min": "2024-06-01", "max": "2024-05-31"}'),
        pointer: '/fields/0/min',
        good: doc('{"name": "d", "type": "date", "min": "2024-05-31", "max": "2024-05-31"}'),
    },
    {
        code: 'E-RANGE',
        bad: doc('{"name": "p", "type": "duration", "basis": "months", "min": "P1Y2D"}'),
        pointer: '/fields/0/min',
        good: doc('{"name": "p", "type": "duration", "basis": "months", "min": "P1Y2M"}'),
    },
    {
        code: 'E-RANGE',
        bad: doc('{"name": "m", "type": "money", "currency": "JPY", "min": "0.5"}'),
        pointer: '/fields/0/min',
        good: doc('{"name": "m", "type": "money", "currency": "JPY", "scale": 1, "min": "0.5"}'),
    },
    {
        code: 'E-LIMIT',
        bad: doc(Array.from({ length: 33 }, (_, i) => `{"name": "f${i}", "type": "integer"}`).join(', ')),
        pointer: '/fields',
        good: doc(Array.from({ length: 32 }, (_, i) => `{"name": "f${i}", "type": "integer"}`).join(', ')),
    },
];

describe('compile codes: structure', () => {
    for (const c of STRUCTURE) {
        it(`${c.code} at ${JSON.stringify(c.pointer)}, and not in its corrected form`, () => {
            const bad = compileSchemaText(c.bad);
            expect(bad.ok).to.equal(false);
            expect(bad.schemaHash).to.equal(undefined);
            expect(bad.errors.map((e) => `${e.code} ${e.pointer}`)).to.include(`${c.code} ${c.pointer}`);
            const good = compileSchemaText(c.good);
            expect(codesOf(good), c.good).to.deep.equal([]);
            expect(good.ok).to.equal(true);
        });
    }

    it('without a field list that can be read, no name is E-NAME-UNKNOWN; faults that name no field still count', () => {
        const rels = (list: string) =>
            `{"svc_schema": "1.0", "name": "t"${list}, "relations": [{"id": "p", "expr": "a > 0 and b < 2"}, {"id": "q", "expr": "present(zz) or a >"}, {"id": "r", "expr": "a > round(1 / 0, 2, 'up') or foo(b)"}]}`;
        const unread = [
            'E-EXPR-SYNTAX /relations/1/expr [18,18]',
            'E-CONST /relations/2/expr [10,15]',
            'E-EXPR-FUNC /relations/2/expr [29,32]',
        ];
        for (const [list, first] of [
            [', "fields": {"a": {"type": "integer"}}', 'E-SCHEMA-TYPE /fields'],
            [', "fields": null', 'E-SCHEMA-TYPE /fields'],
            ['', 'E-SCHEMA-MISSING-KEY '],
        ] as const) {
            expect(codesOf(compileSchemaText(rels(list))), list).to.deep.equal([first, ...unread]);
        }
        // A list that was read judges names against its fields, even when it is empty (E-LIMIT).
        expect(codesOf(compileSchemaText(rels(', "fields": []')))).to.deep.equal([
            'E-LIMIT /fields',
            'E-NAME-UNKNOWN /relations/0/expr [0,1]',
            'E-NAME-UNKNOWN /relations/0/expr [10,11]',
            'E-EXPR-SYNTAX /relations/1/expr [18,18]',
            'E-NAME-UNKNOWN /relations/2/expr [0,1]',
            'E-CONST /relations/2/expr [10,15]',
            'E-EXPR-FUNC /relations/2/expr [29,32]',
            'E-NAME-UNKNOWN /relations/2/expr [33,34]',
        ]);
        // The same relations are judged again once a list is there (no outcome of the open names is reused).
        const fixed = compileSchemaText(rels(', "fields": [{"name": "b", "type": "integer"}]'));
        expect(codesOf(fixed).filter((c) => c.startsWith('E-NAME-UNKNOWN'))).to.deep.equal([
            'E-NAME-UNKNOWN /relations/0/expr [0,1]',
            'E-NAME-UNKNOWN /relations/2/expr [0,1]',
        ]);
    });

    it('E-SCHEMA-VERSION hides everything but JSON errors', () => {
        const r = compileSchemaText('{"svc_schema": "2.0", "name": 7, "bogus": 1, "bogus": 2, "fields": []}');
        expect(r.errors.map((e) => e.code)).to.deep.equal(['E-SCHEMA-VERSION', 'E-JSON-DUPKEY']); // document order
    });

    it('E-LIMIT at "" for a schema over 1 MiB, before reading it', () => {
        const r = compileSchemaText(doc(A, `, "description": "${'x'.repeat(1024 * 1024)}"`));
        expect(codesOf(r)).to.deep.equal(['E-LIMIT ']);
    });

    it('E-LIMIT for more than 10,000 relations', () => {
        const rels = Array.from({ length: 10_001 }, (_, i) => `{"id": "r${i}", "expr": "a > ${i}"}`).join(',');
        const r = compileSchemaText(doc('{"name": "a", "type": "integer"}', `, "relations": [${rels}]`));
        expect(r.errors.map((e) => `${e.code} ${e.pointer}`)).to.deep.equal(['E-LIMIT /relations']);
    });

    it('E-LIMIT for too many fields: the first 32 are checked, the rest only named', () => {
        const fields = (n: number, extra = '') =>
            Array.from({ length: n }, (_, i) => `{"name": "f${i}", "type": "integer", "applicable_when": "f${(i + 1) % n} > 0"${extra}}`);
        const bad = [...fields(40), '{"name": "g", "type": "bogus", "max": "x"}', '{"name": "g", "type": "integer"}'];
        bad[3] = '{"name": "f3", "type": "integer", "bogus": 1}';
        const rels = ', "relations": [{"id": "r", "expr": "f39 > 0 and f0 > \'x\'"}]';
        // f31 reads f32, past the limit: no cycle, no unknown name; within the limit all is checked.
        expect(codesOf(compileSchemaText(doc(bad.join(', '), rels)))).to.deep.equal([
            'E-LIMIT /fields',
            'E-SCHEMA-UNKNOWN-KEY /fields/3/bogus',
            'E-TYPE /relations/0/expr [12,20]',
        ]);
        // The work past the limit does not grow: only the first 32 conditions are compiled.
        for (const n of [33, 64, 1000]) {
            const r = compileSchemaText(doc(fields(n, ', "nullable": 7').join(', ')));
            expect(r.expressions.size, `${n}`).to.equal(32);
            expect(r.errors.filter((e) => e.code === 'E-SCHEMA-TYPE')).to.have.length(32);
        }
    });
});
