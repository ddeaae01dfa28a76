// Dot leaders between a form's label and its value, after a word the label ends with (a name's
// "name", an identifier's "number"), as forms print them. Documents written for the test.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

const schema = compile({
    svc_schema: '1.0',
    name: 'c',
    fields: [
        { name: 'sponsor', type: 'string' },
        { name: 'cos_ref', type: 'string' },
    ],
});

describe("dot leaders after a label's last word", () => {
    it('reads past dot leaders after a name\'s word or an identifier\'s ("Sponsor name ....", "CoS reference number ....")', async () => {
        const form = [
            'Sponsor details',
            '  Sponsor name ................. Tidewater Robotics Ltd',
            '  Sponsor licence number ....... 4L8K2WQ1P',
            '  CoS reference number ......... C2G7X41K09R',
        ].join('\n');
        expect(await readData(form, schema)).to.deep.equal({ sponsor: 'Tidewater Robotics Ltd', cos_ref: 'C2G7X41K09R' });
    });

    it('reads past leaders of 60 dots', async () => {
        const dots = '.'.repeat(60);
        const form = [`  Sponsor name ${dots} Tidewater Robotics Ltd`, `  CoS reference number ${dots} C2G7X41K09R`].join('\n');
        expect(await readData(form, schema)).to.deep.equal({ sponsor: 'Tidewater Robotics Ltd', cos_ref: 'C2G7X41K09R' });
    });
});
