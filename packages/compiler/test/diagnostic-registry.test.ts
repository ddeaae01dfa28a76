import { expect } from 'chai';
import { CODES, diagnostic, formatMessage, isKnownCode } from '../src/diagnostics/diagnostic-registry.js';

// Every code of the interface's section 7.3; the registry must hold each with its texts.
const INTERFACE_CODES = [
    'E-JSON-SYNTAX', 'E-JSON-DUPKEY', 'E-JSON-NUMBER', 'E-SCHEMA-VERSION', 'E-SCHEMA-UNKNOWN-KEY', 'E-SCHEMA-MISSING-KEY',
    'E-SCHEMA-TYPE', 'E-SCHEMA-VALUE', 'E-FIELD-DUP', 'E-FIELD-NAME', 'E-REL-DUP', 'E-RANGE', 'E-LIMIT', 'E-EXPR-SYNTAX',
    'E-EXPR-FUNC', 'E-EXPR-ARITY', 'E-EXPR-LITERAL', 'E-EXPR-DEPTH', 'E-EXPR-LENGTH', 'E-NAME-UNKNOWN', 'E-ARRAY-RELATION',
    'E-ENUM-VALUE', 'E-TYPE', 'E-CURRENCY', 'E-BASIS', 'E-DIV-UNROUNDED', 'E-ROUND-ARG', 'E-WHEN-NESTED', 'E-REL-TYPE',
    'E-APPLICABLE-TYPE', 'E-APPLICABLE-SELF', 'E-APPLICABLE-CYCLE', 'E-CONST', 'E-REL-FALSE', 'W-REL-TRIVIAL',
];

describe('diagnostic registry', () => {
    it('holds exactly the interface codes, each with a title, template, explanation and example', () => {
        expect(Object.keys(CODES).sort()).to.deep.equal([...INTERFACE_CODES].sort());
        for (const [code, info] of Object.entries(CODES)) {
            expect(info.title, code).to.have.length.greaterThan(5);
            expect(info.template, code).to.have.length.greaterThan(3);
            expect(info.explanation, code).to.have.length.greaterThan(40);
            expect(info.example, code).to.have.length.greaterThan(5);
            expect(info.severity, code).to.equal(code.startsWith('W-') ? 'warning' : 'error');
        }
    });

    it('fills placeholders and leaves none behind', () => {
        expect(formatMessage('E-FIELD-DUP', { name: 'a', first: 0 })).to.equal('field name "a" is already used by /fields/0');
        for (const code of Object.keys(CODES)) {
            if (isKnownCode(code)) expect(formatMessage(code, {})).to.not.match(/\{\w+\}/);
        }
    });

    it('builds details in the API shape, with a span only for expressions', () => {
        expect(diagnostic('E-TYPE', '/relations/0/expr', { what: 'x' }, [0, 3])).to.deep.equal({ code: 'E-TYPE', message: 'x', pointer: '/relations/0/expr', span: [0, 3] });
        expect(diagnostic('E-LIMIT', '/fields', { what: 'y' })).to.not.have.property('span');
        expect(isKnownCode('E-NOPE')).to.equal(false);
    });
});
