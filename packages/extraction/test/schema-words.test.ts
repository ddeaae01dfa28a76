// A schema's field names in one language, a document in another: an English `total` is labelled
// "Totaal" in a Dutch invoice, a Dutch `factuurdatum` "Invoice date" in an English one
// (locale.schemaWords). Documents written for the test.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { compileSchemaText } from '@svc/compiler';
import { labelPhrases } from '../src/readers/heuristic-labels.js';
import { translatedName } from '../src/readers/heuristic-label-forms.js';
import { localeOf } from '../src/locale/locale-registry.js';
import { compile, SUM } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

describe('schema words: field names in another language than the document', () => {
    it('an English schema with a relation reads a Dutch invoice ("Netto", "BTW", "Totaal")', async () => {
        // Without the Dutch labels each amount was read for all three fields and the relation left them in conflict.
        const data = await readData('Netto: € 200,00\nBTW: € 42,00\nTotaal: € 242,00\n', SUM, 'nl');
        expect(data).to.deep.equal({ net: eur('200.00'), vat: eur('42.00'), total: eur('242.00') });
    });

    it('an English invoice date and due date in a Dutch invoice: compounds as one word ("Factuurdatum", "Vervaldatum")', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'invoice',
            fields: [
                { name: 'invoice_date', type: 'date' },
                { name: 'due_date', type: 'date' },
                { name: 'supplier', type: 'string' },
            ],
        });
        const doc = 'FACTUUR\n\nLeverancier: Bakkerij De Vries\nVervaldatum: 2 februari 2024\nFactuurdatum: 3 januari 2024\n';
        expect(await readData(doc, schema, 'nl')).to.deep.equal({
            invoice_date: '2024-01-03',
            due_date: '2024-02-02',
            supplier: 'Bakkerij De Vries',
        });
    });

    it('an English lease schema reads a Dutch lease ("Huurder", not "Verhuurder")', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'lease',
            fields: [
                { name: 'tenant', type: 'string' },
                { name: 'landlord', type: 'string' },
            ],
        });
        const doc = 'HUUROVEREENKOMST\nVerhuurder: Maria Jansen\nHuurder: Peter de Boer\n';
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ tenant: 'Peter de Boer', landlord: 'Maria Jansen' });
    });

    it('the English example schema, hints and all, reads the Dutch example invoice', async () => {
        const file = (name: string) => readFileSync(new URL(`../../../../examples/${name}`, import.meta.url), 'utf8');
        const r = compileSchemaText(file('invoice-en.svc.json'));
        if (!r.ok) throw new Error(JSON.stringify(r.errors));
        const data = await readData(file('factuur-nl.txt'), r.schema!, 'nl');
        // Its invoice number pattern wants letters ("INV-20417"); the Dutch invoice writes "2024-0193".
        expect(data).to.deep.include({
            supplier: 'Bakkerij De Gouden Korenschoof',
            issue_date: '2024-02-12',
            due_date: '2024-02-26',
            payment_term: 'P14D',
            net_amount: eur('260.00'),
            vat_rate: '21.00',
            vat_amount: eur('54.60'),
            total_amount: eur('314.60'),
        });
    });

    it('a Dutch schema reads an English invoice ("Invoice date", "Total")', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'factuur',
            fields: [
                { name: 'factuurdatum', type: 'date' },
                { name: 'vervaldatum', type: 'date' },
                { name: 'totaal', type: 'money', currency: 'EUR' },
            ],
        });
        const doc = 'INVOICE\nDue date: 2 February 2024\nInvoice date: 3 January 2024\nSubtotal: EUR 100.00\nTotal: EUR 121.00\n';
        expect(await readData(doc, schema)).to.deep.equal({ factuurdatum: '2024-01-03', vervaldatum: '2024-02-02', totaal: eur('121.00') });
    });

    it('reads a Dutch packing slip and payslip with English names: sender, ship_date, total_weight_kg, employee', async () => {
        const slip = [
            'TUINHOUT DIRECT B.V.                                               PAKBON',
            '',
            'Afzender:                                 Afleveradres:',
            'Tuinhout Direct B.V.                      Hoveniersbedrijf Groenrijk',
            '',
            'Ordernummer        TD-418822              Klantnummer      K-10772',
            'Verzenddatum       5 juni 2025            Verwachte levering  6 juni 2025',
            'Vervoerder         DHL Freight',
            '',
            'Totaal gewicht:   612,5 kg',
            '',
            'Werknemer      M.J. Hoogendoorn',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'packing_slip',
            fields: [
                { name: 'sender', type: 'string' },
                { name: 'order_number', type: 'string' },
                { name: 'ship_date', type: 'date' },
                { name: 'carrier', type: 'string' },
                { name: 'total_weight_kg', type: 'decimal', scale: 2 },
                { name: 'employee', type: 'string' },
            ],
        });
        expect(await readData(slip, schema, 'nl')).to.deep.equal({
            sender: 'Tuinhout Direct B.V.',
            order_number: 'TD-418822',
            ship_date: '2025-06-05',
            carrier: 'DHL Freight',
            total_weight_kg: '612.50',
            employee: 'M.J. Hoogendoorn',
        });
    });

    it('reads a name of two words written the other way round with "of": "Amount of loan" for loan_amount', async () => {
        const offer = [
            'LOAN DETAILS',
            '  Purchase price                          £385,000.00',
            '  Valuation of the property               £380,000.00',
            '  Amount of loan                          £308,000.00',
            '',
            'The overall cost for comparison (APRC) is 6.3%. Total amount payable: £696,656.80.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'mortgage',
            fields: [
                { name: 'loan_amount', type: 'money', currency: 'GBP' },
                { name: 'property_valuation', type: 'money', currency: 'GBP', nullable: true },
            ],
        });
        const data = await readData(offer, schema);
        expect(data.property_valuation).to.deep.equal({ amount: '380000.00', currency: 'GBP' });
        // The loan's own line competes with "Total amount payable" (left in conflict), never loses to it.
        expect(data.loan_amount).to.not.deep.equal({ amount: '696656.80', currency: 'GBP' });
    });

    it('translatedName: the longest known key first, other words kept, undefined when no word is known', () => {
        const nl = localeOf('nl').schemaWords;
        expect(translatedName(['due', 'date'], nl)).to.deep.equal(['vervaldatum']);
        expect(translatedName(['invoice', 'date'], nl)).to.deep.equal(['factuur', 'datum']);
        expect(translatedName(['total', 'incl', 'vat'], nl)).to.deep.equal(['totaal', 'incl', 'btw']);
        expect(translatedName(['zaaknummer'], nl)).to.equal(undefined);
        expect(translatedName(['total'], undefined)).to.equal(undefined);
    });

    it('a name that is a key of every plain object is no known word ("constructor", "__proto__")', () => {
        for (const code of ['en', 'nl'] as const) {
            const words = localeOf(code).schemaWords;
            expect(translatedName(['constructor'], words)).to.equal(undefined);
            expect(translatedName(['__proto__'], words)).to.equal(undefined);
            expect(translatedName(['to', 'string'], words)).to.equal(undefined);
        }
    });

    it('a name of the document’s own language gets no other labels', () => {
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'invoice_date', type: 'date' }] });
        const phrases = labelPhrases(schema.fields[0]!, localeOf('en')).map((p) => p.words.join(' '));
        // (and the words that label a document's own date, its kind of date: ownDateLabels)
        const own = (localeOf('en').ownDateLabels ?? []).map((l) => l.toLowerCase());
        expect(own).to.not.be.empty;
        expect(phrases).to.have.members(['invoice date', 'invoice', 'date', 'date of invoice', 'date of the invoice', ...own]);
        const dutch = labelPhrases(schema.fields[0]!, localeOf('nl')).map((p) => p.words.join(' '));
        expect(dutch).to.include.members(['invoice date', 'factuur datum', 'factuurdatum', 'factuur', 'datum']);
    });

    it('a Dutch compound ending in a kind of value is labelled by its head too ("maandbedrag": "per maand")', async () => {
        const contract = [
            'Artikel 3 - Tarief en betaling',
            '3.1  Het uurtarief bedraagt € 31,75 exclusief 21% btw.',
            '3.2  Opdrachtnemer factureert maandelijks achteraf een vast bedrag op basis van',
            '     32,5 uur per maand: € 1.031,88 exclusief btw (€ 1.248,57 inclusief btw).',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'maandbedrag', type: 'money', currency: 'EUR' }] });
        expect((await readData(contract, schema, 'nl')).maandbedrag).to.deep.equal({ amount: '1031.88', currency: 'EUR' });
        const phrases = labelPhrases(schema.fields[0]!, localeOf('nl')).map((p) => p.words.join(' '));
        expect(phrases).to.include('maand');
    });

    it('a Dutch document writes a name of several words as one compound: "Contractnummer" for `contractNr`', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'c', fields: [{ name: 'contractNr', type: 'string' }] });
        const doc = 'OVEREENKOMST VAN OPDRACHT - GLAZENWASSEN\nContractnummer: GLW-2025-0311\nOpdrachtgever: VvE Parkzicht\n';
        expect((await readData(doc, schema, 'nl')).contractNr).to.equal('GLW-2025-0311');
        // English writes its words apart: no such compound.
        const phrases = labelPhrases(schema.fields[0]!, localeOf('en')).map((p) => p.words.join(' '));
        expect(phrases).to.not.include('contractnr');
    });

    it('an English schema\'s owner, pet and treatment date on a Dutch vet\'s bill ("Eigenaar", "Dier", "Datum behandeling")', async () => {
        const bill = [
            'DIERENKLINIEK DE HOEF',
            '',
            'Eigenaar   : Mw. P. van den Broek, Lindenlaan 31, 5283 AT Boxtel',
            'Dier       : Moos (kat, Europese korthaar, 9 jr)',
            'Rekeningnr : 2025-1309            Datum: 3-6-2025',
            'Datum behandeling: 2-6-2025 (spoed, maandagavond)',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'vet',
            fields: [
                { name: 'treatment_date', type: 'date', date_order: 'dmy' },
                { name: 'owner', type: 'string' },
                { name: 'pet_name', type: 'string' },
            ],
        });
        expect(await readData(bill, schema, 'nl')).to.deep.equal({
            treatment_date: '2025-06-02',
            owner: 'Mw. P. van den Broek',
            pet_name: 'Moos',
        });
    });

    it('an English schema on a Dutch collection letter: case number, collection costs ("Ons dossiernummer", "incassokosten")', async () => {
        const letter = [
            'Ons dossiernummer  : DK-25-118430',
            'Opdrachtgever      : Fietsplaza Den Haag B.V.',
            '',
            'Betaalt u niet binnen deze termijn? Dan moet u ook buitengerechtelijke incassokosten',
            'betalen. Die bedragen € 172,35. Ook brengen wij dan de wettelijke rente in rekening.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'collection',
            fields: [
                { name: 'case_number', type: 'string' },
                { name: 'collection_costs', type: 'money', currency: 'EUR' },
            ],
        });
        const { data, candidates } = await readCandidates(letter, schema, 'nl');
        expect(data).to.deep.equal({ case_number: 'DK-25-118430', collection_costs: { amount: '172.35', currency: 'EUR' } });
        // Labelled by the Dutch words, not only by a part of a compound ("kosten", "nummer").
        const context = (field: string) => candidates.find((c) => c.field === field)?.features.context ?? 0;
        expect(context('case_number')).to.be.above(0.5);
        expect(context('collection_costs')).to.be.above(0.35);
    });

    it('an abbreviation in an English name is read as the word documents write: `max_persons` is labelled "Maximum … persons"', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'licence',
            fields: [
                { name: 'max_persons', type: 'integer' },
                { name: 'max_households', type: 'integer' },
            ],
            relations: [{ id: 'households', expr: 'max_households <= max_persons' }],
        });
        const doc = [
            'Licensing scheme',
            '    Mandatory HMO licensing (5 or more persons, 2 or more households)',
            '',
            'Maximum number of persons permitted to occupy          7',
            'Maximum number of households permitted to occupy      5',
        ].join('\n');
        expect(await readData(doc, schema)).to.deep.equal({ max_persons: 7, max_households: 5 });
        expect(translatedName(['max', 'persons'], localeOf('en').schemaWords)).to.deep.equal(['maximum', 'persons']);
    });

    it('a label written with accents is the name written without ("Patiëntnummer:" for `patientnummer`)', async () => {
        const kalender = [
            'DOSEERKALENDER',
            'Patiënt:        mevr. W.H. Koopmans-de Ruiter',
            'Patiëntnummer:  TD-0627741',
            'Huisarts:       dr. P. Dekker',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'k', fields: [{ name: 'patientnummer', type: 'string' }] });
        expect((await readData(kalender, schema, 'nl')).patientnummer).to.equal('TD-0627741');
        // (A later word of a label too: "Bijdrage cliënt:" for `bijdrage_client`.)
        const overzicht = ['Overzicht', 'Bijdrage gemeente:     € 45,00', 'Bijdrage cliënt:       € 120,00'].join('\n');
        const bijdrage = compile({ svc_schema: '1.0', name: 'b', fields: [{ name: 'bijdrage_client', type: 'money', currency: 'EUR' }] });
        const { candidates } = await readCandidates(overzicht, bijdrage, 'nl');
        const context = (quote: string) => candidates.find((c) => c.quote === quote)?.features.context ?? 0;
        expect(context('€ 120,00')).to.be.greaterThan(0.8);
    });

    it('a name\'s initials a document writes whole: `ni_no` for "National Insurance number"; a VIN stays "VIN"', async () => {
        const p45 = ['1  Employer PAYE reference      475 / KB91027', "2  Employee's National Insurance number      SN 41 72 93 C"].join(
            '\n',
        );
        const ni = compile({ svc_schema: '1.0', name: 'p', fields: [{ name: 'ni_no', type: 'string' }] });
        expect((await readData(p45, ni)).ni_no).to.equal('SN 41 72 93 C');
        const mot = compile({ svc_schema: '1.0', name: 'm', fields: [{ name: 'vin', type: 'string' }] });
        expect((await readData('Make: Ford   Model: Fiesta\nVIN:  WF0DXXGAKDFD48512\n', mot)).vin).to.equal('WF0DXXGAKDFD48512');
    });
});
