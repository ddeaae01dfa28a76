// The validation details of a body with many problems: one unrecognized_keys detail per object
// listing every unknown key (its message names the first 20), a wrong type hiding the other
// complaints about its value, and work linear in the number of ajv errors — a body of 100,000
// unknown keys once took a worker two minutes (every detail was compared with every other).
import { expect } from 'chai';
import { BodyValidator, MAX_DETAILS } from '../src/validation/body-validator.js';
import { mapAjvErrors } from '../src/validation/detail-mapper.js';
import { SCHEMA, WITHDRAW_TOO_BIG } from './test-server.js';

const validator = new BodyValidator();

describe('validation details of bodies with many problems', () => {
    it('lists every unknown key of an object in one detail, and names the first 20 in its message', () => {
        const body: Record<string, unknown> = { schema: SCHEMA };
        for (let i = 0; i < 5000; i++) body[`k${i}`] = 1;
        const details = validator.check('validate', body);
        expect(details).to.have.length(1);
        expect(details[0]!.code).to.equal('unrecognized_keys');
        expect(details[0]!.keys).to.have.length(5000);
        expect(details[0]!.keys!.slice(0, 3)).to.deep.equal(['k0', 'k1', 'k2']);
        expect(details[0]!.message).to.match(/^Unrecognized keys: "k0", "k1", .*"k19" and 4980 more$/);
        expect(validator.check('validate', { schema: SCHEMA, only: 1 })[0]!.message).to.equal('Unrecognized key: "only"');
    });

    it('reports one wrong type per item of a long array, nothing else about those items; lists at most MAX_DETAILS', () => {
        const withdraw = Array.from({ length: 3000 }, (_, i) => `x${i}`);
        const body = {
            extraction: { document: 'd', schema: SCHEMA, session: 's' },
            edit: { action: 'preview_reconciliation', intent: 'i', withdraw },
        };
        const { details, total } = validator.problems('edit', body);
        expect(total).to.equal(3000);
        expect(details).to.have.length(MAX_DETAILS);
        expect(details.map((d) => d.path)).to.deep.equal(withdraw.slice(0, MAX_DETAILS).map((_, i) => ['edit', 'withdraw', i]));
        expect(details.every((d) => d.code === 'invalid_type')).to.equal(true);
    });

    it('judges an array past its maxItems without its items: one too_big detail, whatever the items', () => {
        const body = {
            extraction: { document: 'd', schema: SCHEMA, session: 's', extra: 1 },
            edit: { action: 'preview_reconciliation', intent: 'i', withdraw: Array.from({ length: 200_000 }, () => 'x') },
        };
        const { details, total } = validator.problems('edit', body);
        expect(total).to.equal(1);
        expect(details).to.deep.equal([WITHDRAW_TOO_BIG]);
    });

    it('does work linear in the errors: ten times the unknown keys, about ten times the work', () => {
        // The work counted: values turned into JSON (paths compared, keys quoted in messages). The
        // mapper that compared every detail with every other, and rebuilt the message for each
        // key, did about a hundred times the work for ten times the keys.
        const work = (n: number): number => {
            const errors = Array.from({ length: n }, (_, i) => ({
                keyword: 'additionalProperties',
                instancePath: '',
                schemaPath: '#/additionalProperties',
                params: { additionalProperty: `k${i}` },
            }));
            const stringify = JSON.stringify;
            let count = 0;
            JSON.stringify = ((...args: Parameters<typeof stringify>) => {
                count++;
                return stringify(...args);
            }) as typeof JSON.stringify;
            try {
                mapAjvErrors(errors as never, {});
            } finally {
                JSON.stringify = stringify;
            }
            return count;
        };
        expect(work(4000) / work(400)).to.be.below(11);
    });
});
