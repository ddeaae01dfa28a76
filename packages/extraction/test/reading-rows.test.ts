// A report's rows of readings, as a clinic or a laboratory prints them (documents written for the
// test; bench/user-docs/twentysecond has the one these were seen in): a whole number bounded from 0
// to 100 written as a percentage, a score out of its scale, a reference range's bound after the
// row's reading, hours written "h".
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const report = [
    'PRE-STUDY ASSESSMENT',
    '  Fatigue Severity Scale:        41 / 63',
    '  Height:                        1.78 m',
    '',
    'RECORDING',
    '  Total recording time:          6 h 50 min',
    '',
    'RESULTS                                  Value        Reference',
    '  Respiratory disturbance index (RDI)    22.4 /h      < 5 /h',
    '  Mean SpO2                              93 %         > 94 %',
    '  Lowest SpO2                            81 %',
    '  Mean pulse rate                        71 bpm',
].join('\n');

describe('rows of readings', () => {
    it('reads a bounded whole number written as a percentage, a score out of its scale, and hours as "h"', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [
                { name: 'fatigue_score', type: 'integer', min: 0, max: 63 },
                { name: 'total_recording_time', type: 'duration', basis: 'seconds' },
                { name: 'mean_spo2', type: 'integer', min: 0, max: 100 },
                { name: 'lowest_spo2', type: 'integer', min: 0, max: 100 },
            ],
        });
        expect(await readData(report, schema)).to.deep.equal({
            fatigue_score: 41,
            total_recording_time: 'PT24600S',
            mean_spo2: 93,
            lowest_spo2: 81,
        });
    });

    it("a reference range's bound is no reading of the row's label", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'r',
            fields: [{ name: 'rdi', type: 'decimal', hints: ['RDI', 'Respiratory disturbance index'] }],
        });
        const { data, candidates } = await readCandidates(report, schema);
        expect(data).to.deep.equal({ rdi: '22.4' });
        expect(candidates.filter((c) => c.field === 'rdi').map((c) => c.quote)).to.not.include('5');
    });

    it('a percentage is no value of a whole number that is not bounded as one', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'mean_pulse_rate', type: 'integer', min: 0, max: 250 }] });
        const { candidates } = await readCandidates(report, schema);
        const quotes = candidates.map((c) => c.quote);
        expect(quotes).to.not.include('93');
        expect(quotes).to.not.include('81');
        expect((await readData(report, schema)).mean_pulse_rate).to.equal(71);
    });

    it('a field that asks for a percentage takes a figure with its sign where the document writes them so', async () => {
        const summary = [
            'SUMMARY (at cost, GBP)',
            '  Book stock value (system)                 184,326.40',
            '  Variance (counted - book)                  -1,535.25',
            '  Variance % of book                            -0.83%',
            '  Company tolerance                        +/- 0.50%',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'variance_percent', type: 'decimal', scale: 2 }] });
        const { data, candidates } = await readCandidates(summary, schema);
        expect(data).to.deep.equal({ variance_percent: '-0.83' });
        expect(candidates.map((c) => c.quote)).to.not.include('-1,535.25');
        // Where no figure has its sign, a bare figure still answers ("Discount percent: 2").
        const bare = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'discount_percent', type: 'decimal' }] });
        expect((await readData('Discount percent:   2\nNet amount:   1,200.00\n', bare)).discount_percent).to.equal('2');
    });

    it('a sound level in decibels is measured in the unit its name says ("28,5 dB(A)" for `geluidsniveau_db`)', async () => {
        const rapport = [
            'CONTROLE',
            '  Totale toevoer voldoet aan de eis (minimaal 161 m3/h):   JA',
            '  Installatie in balans (toevoer = afvoer):               JA',
            '  Geluidsniveau slaapkamer 1 (stand 2):                   28,5 dB(A)',
            '  Filters:                              toevoer ISO ePM1 70% / afvoer ISO Coarse 60%',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'v', fields: [{ name: 'geluidsniveau_db', type: 'decimal' }] });
        expect((await readData(rapport, schema, 'nl')).geluidsniveau_db).to.equal('28.5');
    });
});
