// The heuristic reader on small constructed documents, English and Dutch: sum labels and their
// qualifiers, the till's arithmetic, page furniture, a document's own dates, code-shaped values.
import { expect } from 'chai';
import { compileSchemaText, type CompiledSchema } from '@svc/compiler';
import { createEngine } from '../src/engine-module.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { WindowText } from '../src/readers/heuristic-text.js';
import { en as EN } from '../src/locale/en.js';
import { nl as NL } from '../src/locale/nl.js';

const wordForm = (w: string): string => EN.stem(w);
import { paidAmounts, sumQualifier, asksForSum } from '../src/readers/heuristic-totals.js';
import type { LabelHit } from '../src/readers/heuristic-labels.js';
import { amountSpans } from '../src/readers/heuristic-spans.js';

function compile(schema: unknown): CompiledSchema {
    const r = compileSchemaText(JSON.stringify(schema));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.schema!;
}

const engine = createEngine({ reader: 'heuristic', secrets: secretRingOf(['reader-test']) });
const OPTIONS = { on_conflict: 'withhold', fallback: 'off' } as const;

async function data(document: string, schema: CompiledSchema, language: 'en' | 'nl' = 'en'): Promise<Record<string, unknown>> {
    const ex = (await engine.extract({ document, schema, language, reference: null, options: OPTIONS })) as unknown as {
        response: { data: Record<string, unknown> };
    };
    return ex.response.data;
}

const RECEIPT = compile({
    svc_schema: '1.0',
    name: 'receipt',
    fields: [
        {
            name: 'total',
            type: 'money',
            currency: 'MYR',
            description: 'Total amount paid, including tax.',
            hints: ['Total', 'Grand Total'],
        },
    ],
});
const BON = compile({
    svc_schema: '1.0',
    name: 'kassabon',
    fields: [{ name: 'totaal', type: 'money', currency: 'EUR', description: 'Het betaalde bedrag.', hints: ['Totaal'] }],
});
const myr = (amount: string) => ({ amount, currency: 'MYR' });

function hit(win: WindowText, phrase: string, nth = 0): LabelHit {
    let at = -1;
    for (let k = 0; k <= nth; k++) at = win.text.toLowerCase().indexOf(phrase, at + 1);
    const line = win.lineOf(at);
    return { field: 0, start: at, end: at + phrase.length, line, weight: 0.7, length: 1, kind: 'hint', phrase };
}

describe('heuristic reader: text structure', () => {
    it('a line of separators only joins the lines around it ("TOTAL" / ":" / "27.55")', () => {
        const win = new WindowText('TOTAL\n:\n27.55\n\nCASH\n - \n30.00', EN);
        expect(win.previousTextLine(2)).to.equal(0);
        expect(win.nextTextLine(0)).to.equal(2);
        expect(win.previousTextLine(6)).to.equal(4);
    });

    it('a long line repeated word for word is page furniture; short repeated labels are not', () => {
        const page = 'Source: ACME HOLDINGS INC, 10-K, 2/21/2014';
        const win = new WindowText(`Clause one.\n${page}\nClause two.\nTotal:\n${page}\nTotal:`, EN);
        expect(win.isFurniture(1)).to.equal(true);
        expect(win.isFurniture(4)).to.equal(true);
        expect(win.isFurniture(3)).to.equal(false);
        expect(win.isFurniture(0)).to.equal(false);
    });
});

describe('heuristic reader: totals', () => {
    it('qualifiers of a sum label: partial (sub, qty, excluding, btw) or final (grand, inclusive, te betalen)', () => {
        const en = new WindowText(
            'SUB TOTAL: 10.00\nTOTAL QTY: 2\nTOTAL SALES (EXCLUDING GST) :\nTOTAL SALES (INCLUSIVE OF GST) :\nGRAND TOTAL 12.00\nTOTAL: 12.00',
            EN,
        );
        expect(sumQualifier(en, hit(en, 'total', 0))).to.equal('partial');
        expect(sumQualifier(en, hit(en, 'total', 1))).to.equal('partial');
        expect(sumQualifier(en, hit(en, 'total', 2))).to.equal('partial');
        expect(sumQualifier(en, hit(en, 'total', 3))).to.equal('final');
        expect(sumQualifier(en, hit(en, 'total', 4))).to.equal('final');
        expect(sumQualifier(en, hit(en, 'total', 5))).to.equal(undefined);
        const nl = new WindowText('Totaal excl. btw: 10,00\nTotaal te betalen: 12,10', NL);
        expect(sumQualifier(nl, hit(nl, 'totaal', 0))).to.equal('partial');
        expect(sumQualifier(nl, hit(nl, 'totaal', 1))).to.equal('final');
        // A label that is no sum has no qualifiers: "Due Date" stays a date label.
        const date = new WindowText('Due Date: 3 May 2024', EN);
        expect(sumQualifier(date, { ...hit(date, 'date'), phrase: 'date' })).to.equal(undefined);
    });

    it('asks for a sum: total, totaal, amount paid; not a date or a name', () => {
        expect(asksForSum({ name: 'total', hints: [] }, EN)).to.equal(true);
        expect(asksForSum({ name: 'bedrag', hints: ['Totaal'] }, NL)).to.equal(true);
        expect(asksForSum({ name: 'price', hints: [], description: 'Amount paid' }, EN)).to.equal(true);
        expect(asksForSum({ name: 'vat', hints: ['BTW'] }, EN)).to.equal(false);
    });

    it('tendered minus change is the amount paid, in English and in Dutch', () => {
        const en = new WindowText('TOTAL 60.31\nROUNDING -0.01\n60.30\nCASH ........ RM\n70.30\nCHANGE ...... RM\n10.00', EN);
        // Every amount here has two decimals: its digits are its cents.
        const amounts = (w: WindowText, lang: 'en' | 'nl') =>
            amountSpans(w.text, lang, true).map((span) => ({ span, value: BigInt(span.quote.replace(/[^\d-]/g, '')) }));
        expect([...paidAmounts(en, amounts(en, 'en'))]).to.deep.equal([6030n]);
        const nl = new WindowText('Totaal: 12,10\nContant: 20,00\nWisselgeld: 7,90', NL);
        expect([...paidAmounts(nl, amounts(nl, 'nl'))]).to.deep.equal([1210n]);
        const none = new WindowText('Total: 12.10', EN);
        expect(paidAmounts(none, amounts(none, 'en')).size).to.equal(0);
    });

    it('reads the rounded total that the till confirms, not the amount before rounding', async () => {
        const doc = [
            'KEDAI RUNCIT MAJU',
            'ITEM 1 55.90',
            'TOTAL AMT......... RM',
            '60.31',
            'ROUNDING ADJ.......',
            '-0.01',
            'RM',
            '60.30',
            'CASH.............. RM',
            '70.30',
            'CHANGE............ RM',
            '10.00',
            'THANK YOU',
        ].join('\n');
        expect((await data(doc, RECEIPT)).total).to.deep.equal(myr('60.30'));
    });

    it('prefers the inclusive total over the subtotal and over the tax summary\'s "TOTAL :" row', async () => {
        const doc = [
            'SUB-TOTAL (EX)',
            ':',
            '26.00',
            'TOTAL TAX',
            ':',
            '1.56',
            'TOTAL',
            ':',
            '27.56',
            'CASH',
            ':',
            '50.00',
            'CHANGE',
            ':',
            '22.44',
            'TAX SUMMARY',
            'CODE',
            'AMOUNT',
            'TAX',
            'TOTAL :',
            '26.00',
            '1.56',
        ].join('\n');
        expect((await data(doc, RECEIPT)).total).to.deep.equal(myr('27.56'));
        const sales = [
            'TOTAL QTY:',
            '1',
            'TOTAL SALES (EXCLUDING GST) :',
            '7.00',
            'TOTAL GST :',
            '0.42',
            'TOTAL SALES (INCLUSIVE OF GST) :',
            '7.42',
            'CASH :',
            '10.00',
            'CHANGE :',
            '2.58',
            'TOTAL :',
            '7.00',
        ].join('\n');
        expect((await data(sales, RECEIPT)).total).to.deep.equal(myr('7.42'));
    });

    it('a Dutch till receipt: total incl. btw, confirmed by contant minus wisselgeld', async () => {
        const doc = [
            'Bakkerij Jansen',
            'Subtotaal excl. btw: € 11,10',
            'Btw 9%: € 1,00',
            'Totaal: € 12,10',
            'Contant: € 20,00',
            'Wisselgeld: € 7,90',
        ].join('\n');
        expect((await data(doc, BON, 'nl')).totaal).to.deep.equal({ amount: '12.10', currency: 'EUR' });
    });
});

describe('heuristic reader: dates and codes', () => {
    const CONTRACT = compile({
        svc_schema: '1.0',
        name: 'contract',
        fields: [
            { name: 'agreement_date', type: 'date', nullable: true, description: 'Date the contract was signed.', hints: ['dated as of'] },
        ],
    });
    const UITSPRAAK = compile({
        svc_schema: '1.0',
        name: 'uitspraak',
        fields: [{ name: 'uitspraakdatum', type: 'date', description: 'Datum van de uitspraak.', hints: ['uitspraak van'] }],
    });
    const ZAAK = compile({
        svc_schema: '1.0',
        name: 'zaak',
        fields: [{ name: 'zaaknummer', type: 'string', pattern: '[0-9A-Z][0-9A-Za-z./ -]{2,30}[0-9A-Za-z]', hints: ['zaaknummer'] }],
    });
    const prose = (n: number, sentence: string) => Array.from({ length: n }, () => sentence).join(' ');

    it('a date in a line repeated under every page is a filing stamp, not the agreement date', async () => {
        const stamp = 'Source: NORTHWIND TRADERS INC, 10-K, 2/21/2014';
        const page = prose(8, 'The licensee shall pay the fees set out in the schedule within the agreed period.');
        const doc = [
            `LICENSE AGREEMENT dated as of March 3, 2012 between Northwind Traders Inc. and Contoso Ltd.`,
            page,
            stamp,
            page,
            stamp,
            page,
            stamp,
        ].join('\n\n');
        expect((await data(doc, CONTRACT)).agreement_date).to.equal('2012-03-03');
    });

    it('a Dutch decision is dated in its closing lines, not by the earlier decision its heading cites', async () => {
        const body = prose(25, 'Het hof overweegt dat de aanslag terecht is opgelegd en dat het beroep daarom faalt.');
        const doc = [
            'Arrest gewezen op het beroep in cassatie van X tegen de uitspraak van het Gerechtshof te Utrecht van 3 maart 2019 betreffende een aanslag.',
            body,
            'Dit arrest is gewezen door de raadsheren A, B en C, en in het openbaar uitgesproken in raadkamer van 12 juni 2020.',
        ].join('\n');
        expect((await data(doc, UITSPRAAK, 'nl')).uitspraakdatum).to.equal('2020-06-12');
    });

    it("a code field: the heading's number, not a sentence the pattern happens to allow", async () => {
        const body = prose(12, 'De rechtbank heeft de vordering afgewezen en de kosten gecompenseerd.');
        const doc = ['GERECHTSHOF', 'zaaknummer 200.123.456/01', body, 'zaaknummer Dit project betreft de bouw van een loods'].join('\n');
        expect((await data(doc, ZAAK, 'nl')).zaaknummer).to.equal('200.123.456/01');
    });
});

describe('heuristic reader: word forms, lists, codes (round 2)', () => {
    const prose = (n: number, sentence: string) => Array.from({ length: n }, () => sentence).join(' ');

    it('word forms: inflections and derivations share a form; short stems and "nr" abbreviations', () => {
        expect(wordForm('renewed')).to.equal(wordForm('renew'));
        expect(wordForm('renewal')).to.equal(wordForm('renew'));
        expect(wordForm('expiration')).to.equal(wordForm('expire'));
        expect(wordForm('expires')).to.equal(wordForm('expire'));
        expect(wordForm('termination')).to.equal(wordForm('terminate'));
        expect(wordForm('governed')).to.equal(wordForm('governs'));
        expect(NL.stem('rolnummer')).to.equal('rolnr');
        expect(wordForm('invoicenumber')).to.equal('invoiceno');
        // Too short to cut: "part" is no form of "party", "term" none of "terminate".
        expect(wordForm('party')).to.not.equal(wordForm('part'));
        expect(wordForm('terminate')).to.not.equal(wordForm('term'));
    });

    it('a hint matches other forms of its words ("renew" labels "renewed"), in English', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'c',
            fields: [{ name: 'renewal_term', type: 'duration', basis: 'months', nullable: true, hints: ['renew'] }],
        });
        const doc = `${prose(6, 'The supplier delivers the goods described in the annex.')}\nThis Agreement shall be automatically renewed for two (2) years unless either party objects.\n${prose(6, 'Invoices are paid within the agreed time.')}`;
        expect((await data(doc, schema)).renewal_term).to.equal('P24M');
    });

    it('a Dutch hint "rolnummer" labels the abbreviation "rolnr."', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'zaak',
            fields: [{ name: 'zaaknummer', type: 'string', pattern: '[0-9A-Z][0-9A-Za-z./ -]{2,30}[0-9A-Za-z]', hints: ['rolnummer'] }],
        });
        const doc = ['RECHTBANK', 'Sector Kanton', 'rolnr.: 4471 KG 19-33', prose(10, 'De kantonrechter wijst de vordering toe.')].join(
            '\n',
        );
        expect((await data(doc, schema, 'nl')).zaaknummer).to.equal('4471 KG 19-33');
    });

    it('a code field whose pattern admits digits does not read words without digits as the code', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'zaak',
            fields: [{ name: 'zaaknummer', type: 'string', pattern: '[0-9A-Z][0-9A-Za-z./ -]{2,30}[0-9A-Za-z]', hints: ['zaaknummer'] }],
        });
        const doc = [
            'Sector Kanton',
            'Locatie Oost',
            prose(6, 'De kantonrechter heeft de stukken bestudeerd.'),
            'In de zaak met zaaknummer 5512/19 is beslist.',
        ].join('\n');
        expect((await data(doc, schema, 'nl')).zaaknummer).to.equal('5512/19');
    });

    it('a list field reads every name of the list a label starts, in English and Dutch', async () => {
        const en = compile({
            svc_schema: '1.0',
            name: 'nda',
            fields: [
                {
                    name: 'party',
                    type: 'array',
                    items: { type: 'string' },
                    description: 'Names of the parties to the agreement.',
                    hints: ['by and between'],
                },
            ],
        });
        const doc = `MUTUAL NONDISCLOSURE AGREEMENT\nThis Agreement is made on 3 May 2021 by and between Northwind Traders LLC, a Delaware limited liability company (“Northwind”), and Jane Q. Example (the “Consultant”).\n${prose(8, 'Each party keeps the information of the other confidential.')}`;
        expect(((await data(doc, en)).party as string[]).slice().sort()).to.deep.equal(['Jane Q. Example', 'Northwind Traders LLC']);
        const nl = compile({
            svc_schema: '1.0',
            name: 'overeenkomst',
            fields: [
                {
                    name: 'partijen',
                    type: 'array',
                    items: { type: 'string' },
                    description: 'Namen van de partijen.',
                    hints: ['gesloten tussen'],
                },
            ],
        });
        const akte = `GEHEIMHOUDINGSOVEREENKOMST\nDeze overeenkomst is gesloten tussen Bakkerij Jansen B.V., gevestigd te Utrecht, en Pieter de Vries, wonende te Zeist.\n${prose(8, 'Partijen houden de informatie geheim.')}`;
        expect(((await data(akte, nl, 'nl')).partijen as string[]).slice().sort()).to.deep.equal([
            'Bakkerij Jansen B.V.',
            'Pieter de Vries',
        ]);
    });

    it('a hint in lower case is a label, not part of the name it precedes', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'nda',
            fields: [{ name: 'party', type: 'array', items: { type: 'string' }, hints: ['by and between', 'Inc.'] }],
        });
        const doc = `This Agreement is dated 1 June 2020, by and between Contoso, Inc. and Fabrikam Corporation.\n${prose(6, 'Each party keeps the information of the other confidential.')}`;
        const party = (await data(doc, schema)).party as string[];
        expect(party.some((p) => /between/.test(p))).to.equal(false);
        expect(party).to.include('Fabrikam Corporation');
    });
});
