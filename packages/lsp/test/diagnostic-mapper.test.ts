// Placing diagnostics costs one reading of each object they name, however many they are.
import { expect } from 'chai';
import { compileSchemaTextTree, type JsonNode } from '@svc/compiler';
import { DiagnosticMapper, isKeyDiagnostic, syntaxRange } from '../src/diagnostics/diagnostic-mapper.js';

/** Counts reads of members while placing a compile's diagnostics; `keys`: the text under each key diagnostic. */
function placeCounting(text: string): { reads: number; placed: number; keys: string[] } {
    const { result, root } = compileSchemaTextTree(text);
    let reads = 0;
    const counted = (node: JsonNode): JsonNode => {
        if (node.kind === 'array') node.items = node.items.map(counted);
        if (node.kind !== 'object') return node;
        for (const m of node.members) m.value = counted(m.value);
        node.members = new Proxy(node.members, {
            get(target, key, receiver) {
                if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
                return Reflect.get(target, key, receiver);
            },
        });
        return node;
    };
    const placed = new DiagnosticMapper().place({ text, root: counted(root!) }, [...result.errors, ...result.warnings]);
    const keys = placed.filter((p) => isKeyDiagnostic(p.diagnostic)).map((p) => text.slice(p.start, p.end));
    return { reads, placed: keys.length, keys };
}

describe('diagnostic mapper', () => {
    const shapes = {
        'duplicate keys': (n: number) => `{"svc_schema":"1.0","name":"d",${Array.from({ length: n }, () => '"fields":[]').join(',')}}`,
        'nested duplicate keys': (n: number) =>
            `{"svc_schema":"1.0","name":"d","fields":[{"name":"a","type":"string",${Array.from({ length: n }, () => '"hints":[]').join(',')}}]}`,
        'unknown keys': (n: number) =>
            `{"svc_schema":"1.0","name":"d","fields":[],${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`,
    };
    for (const [name, shape] of Object.entries(shapes)) {
        it(`places a diagnostic per member with reads linear in the members: ${name}`, () => {
            const small = placeCounting(shape(400));
            const large = placeCounting(shape(1600));
            expect(large.placed).to.be.greaterThan(1500);
            expect(
                large.keys.every((k) => k.startsWith('"')),
                'each on its key',
            ).to.equal(true);
            // Four times the members and diagnostics: about four times the reads (sixteen if quadratic).
            expect(large.reads / small.reads).to.be.lessThan(6);
        });
    }

    it('places the n-th report of a duplicate on the n-th later occurrence', () => {
        const text = '{"svc_schema":"1.0","name":"d","fields":[],"fields":[],"fields":[]}';
        const { keys } = placeCounting(text);
        const { result, root } = compileSchemaTextTree(text);
        const placed = new DiagnosticMapper().place({ text, root }, result.errors);
        const dups = placed.filter((p) => p.diagnostic.code === 'E-JSON-DUPKEY').map((p) => p.start);
        expect(dups).to.deep.equal([text.indexOf('"fields"', 35), text.lastIndexOf('"fields"')]);
        expect(keys).to.include('"fields"');
    });

    it('places the syntax error of a document of only a BOM at its start, as for an empty document', () => {
        const { result } = compileSchemaTextTree('\ufeff');
        expect(syntaxRange('\ufeff', result.errors[0]!.message)).to.deep.equal([0, 0]);
        expect(syntaxRange('', compileSchemaTextTree('').result.errors[0]!.message)).to.deep.equal([0, 0]);
    });

    it('places a syntax error on the line its message names, whatever ends the lines (CR, CRLF, LF)', () => {
        for (const eol of ['\r', '\r\n', '\n']) {
            const text = ['{', '  "svc_schema": "1.0",', '  "name": ,', '}'].join(eol);
            const { result } = compileSchemaTextTree(text);
            const [start] = syntaxRange(text, result.errors[0]!.message);
            expect(start).to.equal(text.lastIndexOf(','), JSON.stringify(eol));
        }
    });
});
