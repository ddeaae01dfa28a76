// IBANs for fields that ask for one, found by their shape wherever they stand (documents written
// for the test; bench/user-docs has the ones these were seen in: "IBAN NL42 …" after a single space,
// an IBAN inside a sentence).
import { expect } from 'chai';
import { validIban } from '../src/readers/heuristic-iban.js';
import { compile } from './support/edit-fixtures.js';
import { readResponse } from './support/read-data.js';

describe('IBAN codes', () => {
    it('checks an IBAN by its check digits (ISO 13616, mod 97)', () => {
        expect(validIban('NL91 ABNA 0417 1643 00')).to.equal(true);
        expect(validIban('GB82WEST12345698765432')).to.equal(true);
        expect(validIban('NL92 ABNA 0417 1643 00')).to.equal(false);
    });

    it('reads an IBAN after its name and a single space, or inside a sentence, for a field that asks for one', async () => {
        const schema = (description?: string) =>
            compile({ svc_schema: '1.0', name: 'f', fields: [{ name: 'iban', type: 'string', ...(description ? { description } : {}) }] });
        const header = ['Schildersbedrijf Kok', 'IBAN NL91 ABNA 0417 1643 00', 'KvK 30112233', '', 'FACTUUR 2025-044'].join('\n');
        const read = await readResponse(header, schema(), 'nl');
        expect(read.data.iban).to.equal('NL91 ABNA 0417 1643 00');
        expect(read.fields.iban!.confidence).to.be.greaterThan(0.5);
        const sentence = 'Wilt u het bedrag overmaken op NL91 ABNA 0417 1643 00 t.n.v. Stichting De Wilg, onder vermelding van uw naam?';
        const rekening = compile({
            svc_schema: '1.0',
            name: 'f',
            fields: [{ name: 'rekening', type: 'string', description: 'Rekeningnummer waarop betaald moet worden' }],
        });
        expect((await readResponse(sentence, rekening, 'nl')).data.rekening).to.equal('NL91 ABNA 0417 1643 00');
        // A masked account number is none.
        const masked = 'Wij betalen het voorschot uit op rekeningnummer NL** INGB **** **44 71.';
        expect((await readResponse(masked, rekening, 'nl')).data.rekening).to.equal(null);
    });
});
