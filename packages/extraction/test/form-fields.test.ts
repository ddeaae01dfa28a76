// A form's fields as users fill them (documents written for the test; bench/user-docs/twentythird
// has the form these were seen in): a label that joins a second thing ("Postcode en woonplaats:")
// labels the value that starts after it; a field left empty over the next field's line has no value.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const form = [
    '1.2 Gegevens organisatie',
    '    Bezoekadres:                 Maasboulevard 301, 3011 TX Rotterdam',
    '',
    '2.1 Persoonsgegevens aanvrager',
    '    Postcode en woonplaats:      3011 PV ROTTERDAM',
    '    Nationaliteit:               NEDERLANDSE',
    '    Tweede nationaliteit:',
    '    BSN:                         (wordt door de gemeente ingevuld)',
    '    Telefoonnummer:              06 41 27 88 90',
].join('\n');

describe('form fields', () => {
    it('a label joining a second thing ("Postcode en woonplaats:") labels the value that starts after it', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'vog',
            fields: [{ name: 'postcode_aanvrager', type: 'string', pattern: '[0-9]{4} ?[A-Z]{2}' }],
        });
        const { data, candidates } = await readCandidates(form, schema, 'nl');
        expect(data).to.deep.include({ postcode_aanvrager: '3011 PV' });
        const labelled = candidates.find((c) => c.quote === '3011 PV')!;
        const other = candidates.find((c) => c.quote === '3011 TX')!;
        expect(labelled.features.context!).to.be.greaterThan(other.features.context ?? 0);
        // (As a label qualified by one word, not a label continued by others: 0.7 × 0.75, not 0.7 × 0.35.)
        expect(labelled.features.context!).to.be.greaterThan(0.5);
    });

    it("a field left empty over the next field's line has no value", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'vog',
            fields: [
                { name: 'nationaliteit', type: 'string' },
                { name: 'tweede_nationaliteit', type: 'string', nullable: true, hints: ['Tweede nationaliteit'] },
            ],
        });
        expect(await readData(form, schema, 'nl')).to.deep.equal({ nationaliteit: 'NEDERLANDSE', tweede_nationaliteit: null });
        // (A section's label over a line of its name still reads it: "Tenant:" / "Name:   Ruth Okafor".)
        const tenant = compile({ svc_schema: '1.0', name: 't', fields: [{ name: 'tenant', type: 'string' }] });
        expect(await readData('Tenant:\n   Name:   Ruth Okafor\n   Phone:  0161 496 0000', tenant)).to.deep.equal({
            tenant: 'Ruth Okafor',
        });
    });

    it('a field described as a number takes the code before a bracket saying what it stands for', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'vog',
            fields: [{ name: 'screeningsprofiel', type: 'string', description: 'Nummer van het specifieke screeningsprofiel' }],
        });
        const doc = [
            '1.4 Screeningsprofiel',
            '    [X] Specifiek screeningsprofiel, nummer: 45 (Gezondheidszorg en welzijn van mens en dier)',
        ].join('\n');
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ screeningsprofiel: '45' });
        // ("Number of …" is a count, no code: a value with its bracket stays whole.)
        const count = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [{ name: 'staff', type: 'string', description: 'Number of staff' }],
        });
        expect(await readData('Staff:   12 (full time)', count)).to.deep.equal({ staff: '12 (full time)' });
    });

    it('a value that starts with another of the field\'s labels and a wide gap is the rest (":50:  APPLICANT   NAME")', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'credit_advice',
            fields: [
                { name: 'applicant', type: 'string', hints: ['Applicant', ':50:'] },
                { name: 'beneficiary', type: 'string', hints: ['Beneficiary', ':59:'] },
            ],
        });
        const doc = [
            ':40A: FORM OF DOCUMENTARY CREDIT  IRREVOCABLE',
            ':50:  APPLICANT                  TALLINN GRAIN TRADERS OU',
            '                                 PARNU MNT 22, TALLINN, ESTONIA',
            ':59:  BENEFICIARY                HOLMFIELD AGRI LTD',
            '                                 HOLMFIELD FARM, SELBY YO8 3PX',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({ applicant: 'TALLINN GRAIN TRADERS OU', beneficiary: 'HOLMFIELD AGRI LTD' });
    });

    it('a label cell another field\'s label heads is that field\'s ("Aanwezigen in het gebouw:   212" is no `gebouw`)', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'oefening',
            fields: [
                { name: 'gebouw', type: 'string', hints: ['Gebouw', 'Locatie'] },
                { name: 'aanwezigen', type: 'integer', hints: ['Aanwezigen'] },
            ],
        });
        const doc = [
            'VERSLAG ONTRUIMINGSOEFENING',
            '',
            'Gebouw:            Kantorencentrum Het Baken',
            'Adres:             Havenweg 12, 1234 AB Urk',
            '',
            'Hoofd BHV:                     Sanne de Wit',
            'Aanwezigen in het gebouw:      87 (registratie toegangspassen + bezoekers)',
        ].join('\n');
        const { data, candidates } = await readCandidates(doc, schema, 'nl');
        expect(data).to.deep.equal({ gebouw: 'Kantorencentrum Het Baken', aanwezigen: 87 });
        expect(candidates.filter((c) => c.field === 'gebouw' && c.quote.startsWith('87'))).to.deep.equal([]);
    });

    it('before "to", another field\'s first name word heads the cell: "Reference to beneficiary:" is no `beneficiary`', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'payment',
            fields: [
                { name: 'beneficiary', type: 'string' },
                { name: 'reference_to_payee', type: 'string' },
            ],
        });
        const doc = [
            '  Beneficiary name:         Condominio Residencial Vila Alta',
            '  IBAN:                     PT50 0010 0000 5318 4820 0019 1',
            '  Reference to beneficiary: APT 3B QUOTA 2025-26',
        ].join('\n');
        const { data, candidates } = await readCandidates(doc, schema);
        expect(data.beneficiary).to.equal('Condominio Residencial Vila Alta');
        expect(candidates.filter((c) => c.field === 'beneficiary' && c.quote.startsWith('APT'))).to.deep.equal([]);
    });

    it('a sum\'s word after what it sums labels it written first ("Totaal stikstof:" for `stikstof_totaal_kg`)', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'vdm',
            fields: [
                { name: 'netto_gewicht_kg', type: 'integer' },
                { name: 'stikstof_kg_per_ton', type: 'decimal' },
                { name: 'stikstof_totaal_kg', type: 'decimal' },
                { name: 'fosfaat_totaal_kg', type: 'decimal' },
            ],
        });
        const doc = [
            '   Gewicht vol:              42.100 kg',
            '   Gewicht leeg:             13.900 kg',
            '   Netto gewicht:            28.200 kg',
            '',
            '   Laboratorium:             Agrolab Oost B.V.',
            '   Stikstof (N):             5,1 kg/ton',
            '   Fosfaat (P2O5):           1,9 kg/ton',
            '   Totaal stikstof:          143,8 kg N',
            '   Totaal fosfaat:           53,6 kg P2O5',
        ].join('\n');
        const data = await readData(doc, schema, 'nl');
        expect([data['stikstof_totaal_kg'], data['fosfaat_totaal_kg']]).to.deep.equal(['143.8', '53.6']);
    });
});
