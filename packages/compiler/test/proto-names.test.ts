// Issue 9, point 5: names that Object.prototype also has ("__proto__", "toString", "constructor") are
// ordinary field names, relation ids, labels and (unknown) function names.
import { expect } from 'chai';
import { compileSchemaText } from '../src/compile.js';
import { schemaWith } from './compile-helpers.js';

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

describe('names of Object.prototype (issue 9.5)', () => {
    for (const fn of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
        it(`${fn}(a) is an unknown function (E-EXPR-FUNC), not Object's`, () => {
            const r = compileSchemaText(schemaWith([`${fn}(a) == 1`]));
            expect(r.errors.map((e) => e.code)).to.deep.equal(['E-EXPR-FUNC']);
            expect(r.errors[0]!.message).to.contain(fn).and.not.contain('native code');
        });
    }

    it('"__proto__" as a field name, relation id, label and alias key survives into the IR and the normalised schema', () => {
        const text = `{"svc_schema":"1.0","name":"p","fields":[
            {"name":"__proto__","type":"integer"},{"name":"b","type":"integer"},
            {"name":"constructor","type":"enum","labels":["__proto__","toString"],"aliases":{"__proto__":["open"]}}],
          "relations":[{"id":"__proto__","expr":"__proto__ <= b"}]}`;
        const r = compileSchemaText(text);
        expect(r.errors).to.deep.equal([]);
        expect(r.schema!.fields.map((f) => f.name)).to.deep.equal(['__proto__', 'b', 'constructor']);
        expect(r.schema!.relations.map((x) => x.id)).to.deep.equal(['__proto__']);
        const type = r.schema!.fields[2]!.type as unknown as { labels: string[]; aliases: Record<string, string[]> };
        expect(own(type.aliases, '__proto__')).to.equal(true);
        expect(type.aliases.__proto__).to.deep.equal(['open']);
        expect(type.aliases.toString).to.equal(undefined); // no aliases, and no Object.prototype either
        const normalized = JSON.parse(JSON.stringify(r.schema!.normalized));
        expect(normalized.fields[0].name).to.equal('__proto__');
        expect(own(normalized.fields[2].aliases, '__proto__')).to.equal(true);
    });
});
