// A label of the field, "of" and a word of the field's own name are one label ("First day of
// service:" for `service_start`): the name's word after "First day of" names no other service, and
// the value after the colon is the whole label's. Documents written for the test.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

describe("a label and the field's own word after 'of'", () => {
    it('"First day of service:" labels `service_start` over a date the notes say rates are "in force from"', async () => {
        // (bench/user-docs/twentysixth has the claim form this was seen in.)
        const form = [
            'JUROR EXPENSES AND LOSS OF EARNINGS CLAIM',
            '',
            'Claims must be made within 12 months of the last day of service. Rates',
            'shown are those in force from 1 April 2025.',
            '',
            'Summons dated:             03/02/2026',
            'First day of service:      09/03/2026',
            'Last day of service:       23/03/2026',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'claim',
            fields: [
                { name: 'service_start', type: 'date', date_order: 'dmy', description: 'First day the juror attended court' },
                { name: 'service_end', type: 'date', date_order: 'dmy' },
            ],
        });
        expect(await readData(form, schema)).to.deep.equal({ service_start: '2026-03-09', service_end: '2026-03-23' });
        // Dutch writes it so too: "Eerste dag van de cursus:".
        const cursus = ['INSCHRIJVING', '', 'Betaald vanaf 1 januari 2026.', 'Eerste dag van de cursus:   12-02-2026'].join('\n');
        const nl = compile({ svc_schema: '1.0', name: 'c', fields: [{ name: 'cursus_start', type: 'date', date_order: 'dmy' }] });
        expect(await readData(cursus, nl, 'nl')).to.deep.equal({ cursus_start: '2026-02-12' });
    });
});
