// Case numbers of court decisions: codes, not the numbered headings or phrases a loose pattern also
// takes. Documents written for the test.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

const RULING = compile({
    svc_schema: '1.0',
    name: 'uitspraak',
    fields: [
        {
            name: 'zaaknummer',
            type: 'string',
            pattern: '[0-9A-Z][0-9A-Za-z./ -]{2,30}[0-9A-Za-z]',
            description: 'Zaaknummer of rolnummer.',
            hints: ['zaaknummer', 'Nr.'],
        },
    ],
});

const body = 'De belanghebbende heeft tegen de aanslag bezwaar gemaakt. Het hof heeft die uitspraak bevestigd.';

describe('ruling codes', () => {
    it('a numbered heading ("1. Aanslag", "6. De beslissing") is no case number', async () => {
        const doc = `gewezen op het beroep in cassatie van X te Z.\n1. Aanslag en geding voor het Hof. ${body}\n6. De beslissing\nDe Hoge Raad verklaart het beroep ongegrond.`;
        expect((await readData(doc, RULING, 'nl')).zaaknummer).to.equal(null);
    });

    it('a code written without spaces is no sentence, however many lower-case words it joins ("jane.doe@example.com")', async () => {
        const contact = compile({ svc_schema: '1.0', name: 'c', fields: [{ name: 'email', type: 'string', pattern: '[a-z.]+@[a-z.]+' }] });
        expect(await readData('Contact\nEmail: jane.doe@example.com\n', contact)).to.deep.equal({ email: 'jane.doe@example.com' });
    });

    it('the labelled case number is read past the headings', async () => {
        const doc = `RECHTBANK ZUIDERDAM\nzaaknummer: 4471 KG 19-33\n1. Het verloop van de procedure. ${body}\n2. De beoordeling. ${body}`;
        expect((await readData(doc, RULING, 'nl')).zaaknummer).to.equal('4471 KG 19-33');
    });
});
