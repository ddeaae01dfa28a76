// The schema hash's JCS text (src/hash/schema-hash.ts) is the `canonicalize` package's, which it
// replaced for speed: the same text, or the same error, for any value.
import { expect } from 'chai';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { canonicalJson, schemaHash } from '../src/hash/schema-hash.js';
import { compileSchemaText } from '../src/compile.js';

const reference = canonicalize as unknown as (v: unknown) => string | undefined;

function outcome(f: () => string | undefined): string {
    try {
        return `ok ${f()}`;
    } catch (e) {
        return `error ${(e as Error).message}`;
    }
}

/** JSON-like values with what normalized schemas hold too: prototype-less objects, undefined members, `toJSON`. */
const value = fc.letrec<{ v: unknown }>((tie) => ({
    v: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom(
            undefined,
            Number.NaN,
            Number.POSITIVE_INFINITY,
            -0,
            1e21,
            5e-324,
            '\u2028',
            '\ud800',
            '😀',
            'a"b',
            'a\\b',
            '\u0001\u001f\u007f',
            true,
            null,
        ),
        fc.array(tie('v')),
        fc
            .tuple(fc.dictionary(fc.string({ unit: 'binary' }), tie('v')), fc.boolean())
            .map(([d, bare]) => (bare ? Object.assign(Object.create(null) as object, d) : d)),
        tie('v').map((inner) => ({ toJSON: () => inner })),
    ),
})).v;

describe('schema hash', () => {
    it('property: canonicalJson writes what the canonicalize package writes, or fails as it does', () => {
        fc.assert(
            fc.property(value, (v) => {
                expect(outcome(() => canonicalJson(v))).to.equal(
                    outcome(() => {
                        const text = reference(v);
                        if (text === undefined) throw new Error('value has no canonical JSON form');
                        return text;
                    }),
                );
            }),
            { numRuns: 2000 },
        );
    });

    it('hashes a compiled schema as before', () => {
        const r = compileSchemaText('{"svc_schema":"1.0","name":"a","fields":[{"name":"x","type":"money","currency":"EUR"}]}');
        expect(r.schemaHash).to.equal(schemaHash(r.schema!.normalized));
        expect(canonicalJson(r.schema!.normalized)).to.equal(reference(r.schema!.normalized));
    });
});
