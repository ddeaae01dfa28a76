import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { CODES } from '../src/diagnostics/diagnostic-registry.js';
import { REFERENCE_SECTIONS, withReferenceSections } from '../src/reference/reference-tables.js';
import { FIELD_TYPES } from '../src/schema/schema-keys.js';

const DOC = new URL('../../../../docs/schema-language.md', import.meta.url);

describe('docs/schema-language.md', () => {
    const text = readFileSync(DOC, 'utf8');

    it('holds every generated section exactly as the registries produce it (run npm run docs:reference after a change)', () => {
        for (const name of Object.keys(REFERENCE_SECTIONS)) expect(text, name).to.contain(`<!-- generated:${name} -->`);
        expect(withReferenceSections(text)).to.equal(text);
    });

    it('notices drift: a document with a stale table is rewritten', () => {
        const stale = text.replace('| `E-TYPE` | error |', '| `E-TYPE` | warning |');
        expect(stale).to.not.equal(text);
        expect(withReferenceSections(stale)).to.equal(text);
    });

    it('names every type and every code', () => {
        for (const t of FIELD_TYPES) expect(text, t).to.contain(`| \`${t}\` |`);
        for (const c of Object.keys(CODES)) expect(text, c).to.contain(`\`${c}\``);
    });
});
