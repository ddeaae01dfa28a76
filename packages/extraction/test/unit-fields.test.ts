// A figure in the unit a field's name says (`load_bank_kw`: "600 kW") is as good as labelled: power
// as an engine's or a generator's rating is written. Documents written for the test
// (bench/user-docs/twentysixth has the service report this was seen in).
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

describe('figures in the unit the name says', () => {
    it('power: "600 kW" for `load_bank_kw`, not the hours of its run', async () => {
        const test = [
            'LOAD BANK TEST',
            'Load applied:\t\t600 kW (75% of prime)',
            'Duration at load:\t2 hours',
            'Stepped from:\t\t25% / 50% / 75%, 15 minutes per step before main run',
            '',
            'Parameter\t\t\tStart\t\tAfter 2 h\tLimit',
            'Coolant temp (C)\t\t41\t\t86\t\t< 98',
            'Oil pressure (bar)\t\t5.2\t\t4.6\t\t> 2.5',
            'Frequency (Hz)\t\t50.0\t\t49.9\t\t49.5-50.5',
            'Voltage L-L (V)\t\t415\t\t412\t\t400-430',
            'Exhaust temp (C)\t\t112\t\t468\t\t< 550',
            '',
            'Battery voltage (rest):\t25.8 V\t\tCharger output:\t27.4 V',
        ].join('\n');
        const kw = compile({
            svc_schema: '1.0',
            name: 'l',
            fields: [
                { name: 'load_bank_kw', type: 'decimal', description: 'Load applied during the main load bank run, in kW' },
                { name: 'load_bank_duration', type: 'duration', basis: 'seconds' },
            ],
        });
        expect((await readData(test, kw)).load_bank_kw).to.equal('600');
    });
});

describe('a count in a bracket after what it counts', () => {
    it('"Stortingen (14 transacties)   + € 3.600,00" gives `aantal_stortingen` 14, not the sum', async () => {
        // (bench/user-docs/twentysixth has the savings statement this was seen in.)
        const overzicht = [
            '',
            'Verloop 2025',
            '  Saldo op 1 januari 2025                                  €  8.412,67',
            '  Stortingen (14 transacties)                            + €  3.600,00',
            '  Opnames (2 transacties)                                - €  1.250,00',
            '  Rente bijgeschreven op 31 december 2025                + €    186,44',
            '                                                         -------------',
            '  Saldo op 31 december 2025                                € 10.949,11',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'j', fields: [{ name: 'aantal_stortingen', type: 'integer' }] });
        expect((await readData(overzicht, schema, 'nl')).aantal_stortingen).to.equal(14);
    });
});
