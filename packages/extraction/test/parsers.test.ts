import { expect } from 'chai';
import type { FieldType } from '@svc/compiler';
import { Dec } from '@svc/compiler';
import fc from 'fast-check';
import { CURRENCY_MARK_SOURCE, currenciesOfMark, splitCurrencyMark } from '../src/parsers/currency-marks.js';
import { MAX_TYPED_QUOTE, parseQuote } from '../src/parsers/quote-parser.js';
import { parseAmount } from '../src/parsers/amount-parser.js';
import { numberFromWords } from '../src/parsers/number-words.js';
import { dateSpans, durationSpans, enumSpans } from '../src/readers/heuristic-spans.js';
import { date, money } from './support/schema-builder.js';

const json = (type: FieldType, quote: string, language: 'en' | 'nl' = 'en'): unknown => parseQuote(type, quote, language)?.json;

describe('amounts as each language writes them', () => {
    it('reads 1,234.56 in English and 1.234,56 in Dutch as the same number', () => {
        expect(parseAmount('1,234.56', 'en')!.value.toFixed()).to.equal('1234.56');
        expect(parseAmount('1.234,56', 'nl')!.value.toFixed()).to.equal('1234.56');
    });

    it("refuses the other language's form: 1.234,56 is no English number, 1,234.56 no Dutch one", () => {
        expect(parseAmount('1.234,56', 'en')).to.equal(undefined);
        expect(parseAmount('1,234.56', 'nl')).to.equal(undefined);
    });

    it('reads 1.234 as 1234 in Dutch and 1.234 in English; 1,234 the other way round', () => {
        expect(parseAmount('1.234', 'nl')!.value.toFixed()).to.equal('1234');
        expect(parseAmount('1.234', 'en')!.value.toFixed()).to.equal('1.234');
        expect(parseAmount('1,234', 'en')!.value.toFixed()).to.equal('1234');
        expect(parseAmount('1,234', 'nl')!.value.toFixed()).to.equal('1.234');
    });

    it('requires groups of exactly three digits', () => {
        expect(parseAmount('1,23,456', 'en')).to.equal(undefined);
        expect(parseAmount('12.34.567', 'nl')).to.equal(undefined);
        expect(parseAmount('1 234,50', 'nl')!.value.toFixed()).to.equal('1234.5');
    });

    it('reads Dutch whole amounts written with dashes and negative amounts', () => {
        expect(parseAmount('18.352,--', 'nl')!.value.toFixed()).to.equal('18352');
        expect(parseAmount('-5.59', 'en')!.value.toFixed()).to.equal('-5.59');
    });
});

describe('money', () => {
    const eur = money('EUR');
    it('takes currency marks before or after, symbols and ISO codes', () => {
        for (const q of ['EUR 1,234.56', '€1,234.56', '1,234.56 EUR', '€ 1,234.56', '1,234.56']) {
            expect(json(eur, q), q).to.deep.equal({ amount: '1234.56', currency: 'EUR' });
        }
        expect(json(eur, '€ 1.234,56', 'nl')).to.deep.equal({ amount: '1234.56', currency: 'EUR' });
        expect(json(money('MYR'), 'RM60.30')).to.deep.equal({ amount: '60.30', currency: 'MYR' });
        expect(json(money('MYR'), '60.30 MYR')).to.deep.equal({ amount: '60.30', currency: 'MYR' });
        expect(json(money('USD'), '$5')).to.deep.equal({ amount: '5.00', currency: 'USD' });
    });

    it('refuses another currency, more digits than the scale, and amounts outside min/max', () => {
        expect(json(eur, '$ 5.00')).to.equal(undefined);
        expect(json(eur, 'GBP 5.00')).to.equal(undefined);
        expect(json(eur, '1.234')).to.equal(undefined); // three decimals in English
        expect(json(eur, '12.500')).to.deep.equal({ amount: '12.50', currency: 'EUR' });
        expect(json({ kind: 'money', currency: 'EUR', scale: 2, min: new Dec(0) }, '-1.00')).to.equal(undefined);
        expect(json({ kind: 'money', currency: 'JPY', scale: 0 }, '¥1,200')).to.deep.equal({ amount: '1200', currency: 'JPY' });
    });
});

describe('numbers', () => {
    it('decimals keep scale digits; integers are JSON numbers and may be words', () => {
        expect(json({ kind: 'decimal', scale: 2 }, '12.5')).to.equal('12.50');
        expect(json({ kind: 'decimal' }, '1.234', 'en')).to.equal('1.234');
        expect(json({ kind: 'decimal' }, '1.234', 'nl')).to.equal('1234');
        expect(json({ kind: 'integer' }, '1,000')).to.equal(1000);
        expect(json({ kind: 'integer' }, 'twelve')).to.equal(12);
        expect(json({ kind: 'integer' }, 'twaalf', 'nl')).to.equal(12);
        expect(json({ kind: 'integer' }, '1.5')).to.equal(undefined);
        expect(json({ kind: 'integer', max: new Dec(10) }, '11')).to.equal(undefined);
    });

    it('reads number words in the document language only', () => {
        expect(numberFromWords('twenty-four', 'en')).to.equal(24);
        expect(numberFromWords('one hundred and twenty', 'en')).to.equal(120);
        expect(numberFromWords('vierentwintig', 'nl')).to.equal(24);
        expect(numberFromWords('tweeëntwintig', 'nl')).to.equal(22);
        expect(numberFromWords('honderdvijftig', 'nl')).to.equal(150);
        expect(numberFromWords('dertig', 'nl')).to.equal(30);
        expect(numberFromWords('banana', 'en')).to.equal(undefined);
        expect(numberFromWords('dertig', 'en')).to.equal(undefined);
    });
});

describe('dates', () => {
    it('reads ISO, written English and Dutch dates with names and abbreviations', () => {
        const cases: Array<[string, 'en' | 'nl', string]> = [
            ['2024-03-03', 'en', '2024-03-03'],
            ['3 January 2024', 'en', '2024-01-03'],
            ['March 3rd, 2024', 'en', '2024-03-03'],
            ['Jan. 3, 2024', 'en', '2024-01-03'],
            ['July 11 , 2006', 'en', '2006-07-11'],
            ['the 20th day of November, 2018', 'en', '2018-11-20'],
            ['3 maart 2024', 'nl', '2024-03-03'],
            ['3-mrt-2024', 'nl', '2024-03-03'],
            ['1 okt. 2023', 'nl', '2023-10-01'],
            ['maandag 21 januari 2014', 'nl', '2014-01-21'],
            ['31 mei 2020', 'nl', '2020-05-31'],
        ];
        for (const [q, lang, want] of cases) expect(json(date(), q, lang), q).to.equal(want);
    });

    it('reads an ordinal that text taken from a PDF split from its day ("20t h day of November")', () => {
        expect(json(date(), 'the 20t h day of November, 2018', 'en')).to.equal('2018-11-20');
        expect(json(date(), '1s t day of October 2008', 'en')).to.equal('2008-10-01');
        expect(json(date(), 'March 3r d, 2024', 'en')).to.equal('2024-03-03');
        expect(json(date(), '1s te maart 2024', 'nl')).to.equal('2024-03-01');
        expect(json(date(), 'the 20 th day of November, 2018', 'en')).to.equal(undefined);
        const text = 'This Agreement is made and entered into on the 20t h day of November, 2018 (the "Effective Date").';
        expect(dateSpans(text, 'en', false).map((s) => s.quote)).to.include('the 20t h day of November, 2018');
    });

    it('reads a day written as an ordinal word ("Fourteenth February 2024", "the twenty-first day of May")', () => {
        expect(json(date(), 'Fourteenth February 2024', 'en')).to.equal('2024-02-14');
        expect(json(date(), 'the twenty-first day of May, 2024', 'en')).to.equal('2024-05-21');
        expect(json(date(), 'Thirty First December 2025', 'en')).to.equal('2025-12-31');
        expect(json(date(), 'first March 2024', 'nl')).to.equal('2024-03-01'); // English dates in Dutch text
        expect(json(date(), 'Thirty-first February 2024', 'en')).to.equal(undefined);
        expect(json(date(), 'Fourteen February 2024', 'en')).to.equal(undefined);
        const text = 'Date of registration\n    Sixth March 2024          S. Pennington   Registrar';
        expect(dateSpans(text, 'en', false).map((s) => s.quote)).to.deep.equal(['Sixth March 2024']);
    });

    it('reads a day, a month\'s three letters and a year run together, as airlines print them ("12MAR25")', () => {
        expect(json(date(), '12MAR25', 'en')).to.equal('2025-03-12');
        expect(json(date(), '05OCT2024', 'en')).to.equal('2024-10-05');
        expect(json(date(), '12mrt25', 'nl')).to.equal('2025-03-12');
        expect(json(date(), '30FEB25', 'en')).to.equal(undefined);
        expect(json(date(), '12MARCH25', 'en')).to.equal(undefined); // three letters only
        const text = 'DATE OF REPORT   : 12MAR25   21:47 LOCAL\nFLIGHT / DATE    : XP417 / 12MAR25\nREF AB12MAR25X';
        expect(dateSpans(text, 'en', false).map((s) => s.quote)).to.deep.equal(['12MAR25', '12MAR25']);
    });

    it('reads numeric dates by date_order; auto is month first in English unless only day first is valid', () => {
        expect(json(date('auto'), '03/04/2024', 'en')).to.equal('2024-03-04');
        expect(json(date('auto'), '13/04/2024', 'en')).to.equal('2024-04-13');
        expect(json(date('auto'), '03/04/2024', 'nl')).to.equal('2024-04-03');
        expect(json(date('auto'), '04/13/2024', 'nl')).to.equal(undefined);
        expect(json(date('dmy'), '03/04/2024', 'en')).to.equal('2024-04-03');
        expect(json(date('mdy'), '03/04/2024', 'nl')).to.equal('2024-03-04');
        expect(json(date('mdy'), '13/04/2024', 'en')).to.equal(undefined);
        expect(json(date('ymd'), '24/03/05', 'en')).to.equal('2024-03-05');
        expect(json(date('ymd'), '2024-03-05', 'en')).to.equal('2024-03-05');
        expect(json(date('dmy'), '19.10.18', 'en')).to.equal('2018-10-19');
    });

    it('refuses impossible dates and dates outside min/max', () => {
        expect(json(date(), '2023-02-29')).to.equal(undefined);
        expect(json(date(), '31 april 2024', 'nl')).to.equal(undefined);
        expect(json({ kind: 'date', eom: 'clamp', dateOrder: 'auto', min: 19724 }, '1 January 2024')).to.equal(undefined); // min 2024-01-02
    });

    it('reads datetimes in UTC, with offsets, 12-hour clocks and Dutch "uur"', () => {
        const dt = (o: 'auto' | 'dmy' = 'auto'): FieldType => ({ kind: 'datetime', eom: 'clamp', dateOrder: o });
        expect(json(dt('dmy'), '19/10/2018 20:49:59')).to.equal('2018-10-19T20:49:59Z');
        expect(json(dt(), '2024-01-31T10:00:00+01:00')).to.equal('2024-01-31T09:00:00Z');
        expect(json(dt(), 'March 3, 2024 at 2:30 pm')).to.equal('2024-03-03T14:30:00Z');
        expect(json(dt(), '3 maart 2024 10.00 uur', 'nl')).to.equal('2024-03-03T10:00:00Z');
        expect(json(dt(), '3 maart 2024', 'nl')).to.equal('2024-03-03T00:00:00Z');
    });
});

describe('durations', () => {
    const days: FieldType = { kind: 'duration', basis: 'days' };
    const months: FieldType = { kind: 'duration', basis: 'months' };
    it("reads words and numbers in both languages into the field's basis", () => {
        expect(json(days, '30 days')).to.equal('P30D');
        expect(json(days, 'thirty (30) days')).to.equal('P30D');
        expect(json(days, 'dertig dagen', 'nl')).to.equal('P30D');
        expect(json(days, '6 weken', 'nl')).to.equal('P42D');
        expect(json(days, '60-day')).to.equal('P60D');
        expect(json(months, '3 months')).to.equal('P3M');
        expect(json(months, '1 jaar', 'nl')).to.equal('P12M');
        expect(json(months, 'two (2) years')).to.equal('P24M');
        expect(json(months, 'vierentwintig maanden', 'nl')).to.equal('P24M');
        expect(json(months, 'a year')).to.equal('P12M');
        expect(json({ kind: 'duration', basis: 'seconds' }, '2 hours')).to.equal('PT7200S');
        // A flight log's "1 hr 05 min": "hr" is an hour as "hrs" is hours.
        expect(json({ kind: 'duration', basis: 'seconds' }, '1 hr 05 min')).to.equal('PT3900S');
        expect(durationSpans('Airborne time:   1 hr 05 min', 'en').map((s) => s.quote)).to.deep.equal(['1 hr 05 min']);
        // Hours and minutes glued to their letters, as tachographs and logs print them; a unit glued to its count.
        expect(json({ kind: 'duration', basis: 'seconds' }, '162h 35m')).to.equal('PT585300S');
        expect(json({ kind: 'duration', basis: 'seconds' }, '10h12m')).to.equal('PT36720S');
        expect(json({ kind: 'duration', basis: 'seconds' }, '10h 75m')).to.equal(undefined);
        expect(json({ kind: 'duration', basis: 'seconds' }, '40hrs')).to.equal('PT144000S');
        expect(durationSpans('Driving   162h 35m   Other work 31h 10m; rest 45h+', 'nl').map((s) => s.quote)).to.deep.equal([
            '162h 35m',
            '31h 10m',
        ]);
        expect(durationSpans('a 35m yacht, 12h rest', 'en').map((s) => s.quote)).to.deep.equal(['12h']);
    });

    it('reads payment terms without a unit as days: "Net 30", "NET 45" (English), and finds them in text', () => {
        expect(json(days, 'Net 30')).to.equal('P30D');
        expect(json(days, 'NET 45')).to.equal('P45D');
        expect(json(months, 'Net 30')).to.equal(undefined);
        expect(json(days, 'Net 30', 'nl')).to.equal(undefined);
        expect(durationSpans('Terms: Net 45, due on receipt of 2 boxes', 'en').map((s) => s.quote)).to.deep.equal(['Net 45']);
        expect(durationSpans('The network 30 is new', 'en')).to.deep.equal([]);
    });

    it('makes only exact conversions and checks that words and digits agree', () => {
        expect(json(days, '3 months')).to.equal(undefined);
        expect(json(months, '30 days')).to.equal(undefined);
        expect(json(days, 'thirty (31) days')).to.equal(undefined);
        expect(json(months, 'P18M')).to.equal('P18M');
        expect(json(days, 'P2W')).to.equal('P14D');
    });
});

describe('enums, booleans and strings', () => {
    it('matches enum labels and aliases case-insensitively, white space folded', () => {
        const t: FieldType = { kind: 'enum', labels: ['paid', 'open'], aliases: { paid: ['voldaan', 'betaald'] } };
        expect(json(t, 'PAID')).to.equal('paid');
        expect(json(t, 'Betaald')).to.equal('paid');
        expect(json(t, 'closed')).to.equal(undefined);
        const court: FieldType = { kind: 'enum', labels: ["Gerechtshof 's-Hertogenbosch"], aliases: {} };
        expect(json(court, 'GERECHTSHOF ’S-HERTOGENBOSCH')).to.equal("Gerechtshof 's-Hertogenbosch");
    });

    it('finds no enum label that is part of a word joined by a hyphen ("first-class mail")', () => {
        const level: FieldType = { kind: 'enum', labels: ['first', 'second', 'final'], aliases: {} };
        const text =
            'NOTICE OF VIOLATION - SECOND NOTICE\nSent by first-class mail. A self-addressed envelope is enclosed. Final-stage notices follow.\n';
        expect(enumSpans(text, level).map((s) => s.quote)).to.deep.equal(['SECOND']);
        // A label with a hyphen of its own still matches whole.
        const court: FieldType = { kind: 'enum', labels: ["Gerechtshof 's-Hertogenbosch"], aliases: {} };
        expect(enumSpans("Gerechtshof 's-Hertogenbosch, zittingsplaats Arnhem", court).map((s) => s.quote)).to.have.length(1);
    });

    it('reads a label of one or two letters as written or in capitals, never a possessive\'s "s"', () => {
        const size: FieldType = { kind: 'enum', labels: ['XS', 'S', 'M', 'L', 'XL'], aliases: {} };
        const text = "LAKESHORE CHILDREN'S HOSPITAL. T-shirt size   L (unisex tee); sizes s and m sold out; XL-sized bags.";
        expect(enumSpans(text, size).map((s) => s.quote)).to.deep.equal(['L', 'XL']);
        // A letter names a compound: "A-evenement" is an event of category A.
        const category: FieldType = { kind: 'enum', labels: ['A', 'B', 'C'], aliases: {} };
        expect(enumSpans('Categorie:   A-evenement (laag risico)', category).map((s) => s.quote)).to.deep.equal(['A']);
    });

    it('reads booleans in the document language', () => {
        for (const [q, v] of [
            ['yes', true],
            ['No', false],
            ['true', true],
        ] as const)
            expect(json({ kind: 'boolean' }, q)).to.equal(v);
        for (const [q, v] of [
            ['ja', true],
            ['Nee', false],
            ['onwaar', false],
        ] as const)
            expect(json({ kind: 'boolean' }, q, 'nl')).to.equal(v);
        expect(json({ kind: 'boolean' }, 'ja')).to.equal(undefined);
        expect(json({ kind: 'boolean' }, 'maybe')).to.equal(undefined);
    });

    it('requires a pattern to match the whole quote (RE2) and folds white space in values', () => {
        const t: FieldType = { kind: 'string', pattern: 'INV-[0-9]{4}-[0-9]{4}' };
        expect(json(t, 'INV-2024-0042')).to.equal('INV-2024-0042');
        expect(json(t, 'INV-2024-00421')).to.equal(undefined);
        expect(json(t, 'x INV-2024-0042')).to.equal(undefined);
        expect(json({ kind: 'string' }, 'Kite Pharma,\nInc.')).to.equal('Kite Pharma Inc.');
        expect(json({ kind: 'string' }, '   ')).to.equal(undefined);
    });

    it('reports a company name without the comma before its legal form; other commas and patterns keep theirs', () => {
        expect(json({ kind: 'string' }, 'Bramble Tools, L.L.C.')).to.equal('Bramble Tools L.L.C.');
        expect(json({ kind: 'string' }, 'Orchard Labs, Inc. and Quill, Ltd')).to.equal('Orchard Labs Inc. and Quill Ltd');
        expect(json({ kind: 'string' }, 'Springfield, Illinois')).to.equal('Springfield, Illinois');
        expect(json({ kind: 'string' }, 'Smith, Co-Founder')).to.equal('Smith, Co-Founder');
        // A form's word without its full stop that goes on into more words is no form: a state's code.
        expect(json({ kind: 'string' }, '2021 Subaru Outback, CO plate BNQ-4471')).to.equal('2021 Subaru Outback, CO plate BNQ-4471');
        expect(json({ kind: 'string' }, 'Harbour Cross, Ltd (UK)')).to.equal('Harbour Cross Ltd (UK)');
        expect(json({ kind: 'string', pattern: '.*, Inc\\.' }, 'Orchard Labs, Inc.')).to.equal('Orchard Labs, Inc.');
        expect(json({ kind: 'string' }, '   ')).to.equal(undefined);
    });

    it('parses one element of an array field', () => {
        expect(json({ kind: 'array', items: { kind: 'date', eom: 'clamp', dateOrder: 'auto' } }, '3 January 2024')).to.equal('2024-01-03');
    });
});

describe('parsers on long quotes (linear work on any input)', () => {
    // The split of a money quote used one pattern with a lazy middle, quadratic in a long quote.
    const OLD_SPLIT = new RegExp(`^(?:(${CURRENCY_MARK_SOURCE})\\s*)?(.*?)(?:\\s*(${CURRENCY_MARK_SOURCE}))?$`, 's');
    const piece = fc.constantFrom('EUR', 'USD', 'RM', '€', '$', 'US$', 'Rs.', ' ', '  ', '1', '2,50', '.', '-', 'X', 'abc', 'XEUR');

    it('splits a currency mark from its amount as the single pattern did', () => {
        fc.assert(
            fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
                const t = pieces.join('').trim();
                // A sign before a mark moves to the amount, before either way of splitting.
                const signed = /^-/.test(t) && !/^-\s*\d/.test(t);
                const m = OLD_SPLIT.exec(signed ? t.slice(1).trimStart() : t)!;
                const mark = m[1] ?? m[3];
                const refused = (m[1] !== undefined && m[3] !== undefined) || (mark !== undefined && currenciesOfMark(mark) === undefined);
                const want = refused ? undefined : { amount: (signed ? '-' : '') + m[2], mark };
                expect(splitCurrencyMark(t), JSON.stringify(t)).to.deep.equal(want);
            }),
            { numRuns: 2000 },
        );
    });

    it('reads no date, amount or duration from a quote over 200 characters, and strings of any length', () => {
        const long = `3 January 2024${' '.repeat(MAX_TYPED_QUOTE)}`;
        expect(json(date(), long)).to.equal(undefined);
        expect(json(money('EUR'), `EUR 5.00${' '.repeat(MAX_TYPED_QUOTE)}`)).to.equal(undefined);
        expect(json(date(), '3 January 2024')).to.equal('2024-01-03');
        expect(json({ kind: 'string' } as FieldType, `a${' '.repeat(50_000)}b`)).to.equal('a b');
    });
});
