// A label that states the condition its figure holds at ("Density at 15 deg C   0.9712 kg/l"): the
// condition's temperature is the label's, no value of the row (heuristic-field-spans.ts). Documents
// written for the test.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const decimals = (...names: string[]) =>
    compile({ svc_schema: '1.0', name: 'c', fields: names.map((name) => ({ name, type: 'decimal' })) });

const NOTE = [
    'PRODUCT',
    '  Quantity delivered           842.350 metric tonnes',
    '  Volume at 15 deg C           867.330 m3',
    '  Density at 15 deg C          0.9712 kg/l',
    '  Kinematic viscosity @ 50 C   312.6 cSt',
    '  Delivery temperature         43 deg C',
].join('\n');

describe("a label's condition", () => {
    it('reads the figure after a temperature the label is measured at, not the temperature', async () => {
        const data = await readData(NOTE, decimals('density_15c', 'viscosity_50c', 'qty_delivered_mt'));
        expect(data.density_15c).to.equal('0.9712');
        expect(data.viscosity_50c).to.equal('312.6');
        expect(data.qty_delivered_mt).to.equal('842.35');
        const { candidates } = await readCandidates(NOTE, decimals('qty_delivered_mt'));
        expect(candidates.map((c) => c.quote)).to.not.include.members(['15', '50']);
    });

    it('in Dutch, after "bij"', async () => {
        const rapport = ['Analyse', '  Dichtheid bij 15 °C        0,9712 kg/l', '  Watergehalte               0,05 %'].join('\n');
        expect((await readData(rapport, decimals('dichtheid'), 'nl')).dichtheid).to.equal('0.9712');
    });

    it("keeps a temperature that is the row's value, or one no figure follows", async () => {
        const data = await readData(NOTE, decimals('delivery_temperature'));
        expect(data.delivery_temperature).to.equal('43');
        const log = ['Storage', '  Kept at 4 C in the cold room until collection.', '  Set point      4'].join('\n');
        const { candidates } = await readCandidates(log, decimals('storage_temperature'));
        expect(candidates.map((c) => c.quote)).to.include('4');
    });

    it('keeps a temperature after "at" for a field that asks for one', async () => {
        const label = [
            'SAMPLE RECEIPT FORM',
            'Sample ID:        LAB-24-0917',
            'Stored at 4 °C        Vials   12',
            'Received by:      K. Obi',
        ].join('\n');
        const description = 'Temperature the sample is stored at';
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'storage_temperature_c', type: 'decimal', description }] });
        expect((await readData(label, schema)).storage_temperature_c).to.equal('4');
    });

    it('a figure the description writes after the same word is the label\'s own ("Ara h 2"); other figures stay', async () => {
        const letter = ['Investigations', 'Specific IgE to Ara h 2: 4.61 kUA/L (March 2024: 6.20 kUA/L)'].join('\n');
        const description = 'Specific IgE to Ara h 2 in kUA/L, the current result';
        const schema = compile({ svc_schema: '1.0', name: 'a', fields: [{ name: 'ara_h2_ige', type: 'decimal', description }] });
        expect((await readData(letter, schema)).ara_h2_ige).to.equal('4.61');
        const certificate = 'Goods and services:   CLASS 30: Maple syrup; maple sugar';
        const nice = compile({
            svc_schema: '1.0',
            name: 'n',
            fields: [{ name: 'nice_class', type: 'integer', description: 'Nice class of the goods' }],
        });
        expect((await readData(certificate, nice)).nice_class).to.equal(30);
    });
});
