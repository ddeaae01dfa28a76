// Counts whose label follows them (documents written for the test; bench/user-docs/twentyfourth
// has the minutes these were seen in): "68 stemmen voor, 5 stemmen tegen en 2 onthoudingen" gives
// each count its own name; the name after a count is no label of the next count.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

describe('counts labelled after them', () => {
    it('reads a Dutch vote: "68 stemmen voor, 5 stemmen tegen en 2 onthoudingen"', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'notulen',
            fields: [
                { name: 'stemmen_voor', type: 'integer' },
                { name: 'stemmen_tegen', type: 'integer' },
                { name: 'onthoudingen', type: 'integer' },
            ],
        });
        const doc = [
            '5. Voorstel nieuwe speeltuin',
            'Het bestuur licht het voorstel toe. Stemming: 41 stemmen voor, 9 stemmen tegen en 3 onthoudingen.',
            'Het voorstel is daarmee aangenomen.',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({ stemmen_voor: 41, stemmen_tegen: 9, onthoudingen: 3 });
    });

    it('reads an English vote: "27 votes for, 12 votes against and 4 abstentions"', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'minutes',
            fields: [
                { name: 'votes_for', type: 'integer' },
                { name: 'votes_against', type: 'integer' },
            ],
        });
        const doc = 'Resolution 3 was put to the meeting: 27 votes for, 12 votes against and 4 abstentions. The resolution was carried.';
        expect(await readData(doc, schema)).to.deep.equal({ votes_for: 27, votes_against: 12 });
    });

    it('reads a count followed by the whole of the field\'s name ("totaal 20 bezoeken per jaar")', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'contract',
            fields: [{ name: 'bezoeken_per_jaar', type: 'integer', hints: ['bezoeken per jaar'] }],
        });
        const doc = [
            'Frequentie:       1 bezoek per 3 weken in het seizoen (april t/m september),',
            '                  1 bezoek per maand oktober t/m maart',
            '                  -> totaal 20 bezoeken per jaar',
            'Duur per bezoek:  3 manuren (1 hovenier)',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({ bezoeken_per_jaar: 20 });
    });
});
