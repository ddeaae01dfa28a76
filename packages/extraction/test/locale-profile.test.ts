// Locale profiles: one definition per value shape (what the recognisers find parses; what a
// language writes parses back to the same value), and a toy third profile that every parser,
// recogniser and the reader pick up without an edit anywhere else.
import { expect } from 'chai';
import fc from 'fast-check';
import { compileSchemaText, type CompiledSchema } from '@svc/compiler';
import { createEngine } from '../src/engine-module.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { isLanguage, languages, localeOf, registerLocale, type Language } from '../src/locale/locale-registry.js';
import { formatAmount, formatDuration, formatWrittenDate } from '../src/locale/locale-format.js';
import type { DurationUnit } from '../src/locale/locale-types.js';
import { parseAmount } from '../src/parsers/amount-parser.js';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';
import { parseCivilDate, parseDateQuote } from '../src/parsers/date-parser.js';
import { parseDurationQuote } from '../src/parsers/duration-parser.js';
import { parseQuote } from '../src/parsers/quote-parser.js';
import { amountSpans, booleanSpans, dateSpans, durationSpans } from '../src/readers/heuristic-spans.js';
import { TOY } from './support/toy-locale.js';

const BASIS: Record<DurationUnit, 'days' | 'months' | 'seconds'> = {
    second: 'seconds',
    minute: 'seconds',
    hour: 'seconds',
    day: 'days',
    week: 'days',
    month: 'months',
    year: 'months',
};
const decimal = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.option(fc.stringMatching(/^\d{1,4}$/), { nil: undefined }), fc.boolean())
    .map(([whole, fraction, negative]) => `${negative && whole > 0n ? '-' : ''}${whole}${fraction === undefined ? '' : '.' + fraction}`);
const civil = fc.tuple(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }));
const unit = fc.constantFrom<DurationUnit>('second', 'minute', 'hour', 'day', 'week', 'month', 'year');

/** Text made of pieces every recogniser may take a piece of. */
function noise(language: string): fc.Arbitrary<string> {
    const p = localeOf(language);
    const words = [
        ...p.months.flat(),
        ...p.weekdays,
        ...p.ordinals,
        ...Object.keys(p.numberWords.units),
        ...Object.keys(p.numberWords.tens),
        ...Object.values(p.durationUnits).flat(),
        ...p.durationQualifiers,
        ...p.booleans.true,
        ...p.booleans.false,
        ...p.one,
    ];
    const piece = fc.oneof(
        fc.constantFrom(...words),
        fc.stringMatching(/^\d{1,5}$/),
        fc.constantFrom(
            ' ',
            ' ',
            '\n',
            ',',
            '.',
            '-',
            '/',
            '(',
            ')',
            "'",
            ':',
            ' 1 234,56 ',
            ' 1 234.56 ',
            '12-05-2024',
            '2024-05-12',
            'EUR',
            '$',
        ),
    );
    return fc.array(piece, { maxLength: 60 }).map((x) => x.join(''));
}

for (const language of ['en', 'nl'] as const) {
    describe(`value shapes (${language}): finders and parsers share one definition`, () => {
        it('writing an amount in the language parses back to it, and the finder finds it whole', () => {
            fc.assert(
                fc.property(decimal, fc.boolean(), (plain, grouped) => {
                    const text = formatAmount(plain, language, grouped);
                    expect(parseAmount(text, language)!.value.toFixed(), text).to.equal(
                        parseAmount(plain.replace('.', localeOf(language).numbers.decimal), language)!.value.toFixed(),
                    );
                    expect(amountSpans(`Total: ${text} due`, language, false).map((s) => s.quote)).to.include(text);
                }),
            );
        });

        it('an amount grouped by spaces ("1 234,56") is found and parses', () => {
            const text = language === 'nl' ? '1 234,56' : '1 234.56';
            expect(amountSpans(`Bedrag ${text} EUR`, language, true).map((s) => s.quote)).to.include(`${text} EUR`);
            expect(parseQuote({ kind: 'money', currency: 'EUR', scale: 2 }, `${text} EUR`, language)?.json).to.deep.equal({
                amount: '1234.56',
                currency: 'EUR',
            });
        });

        it('a written date parses back to the same day, and the finder finds it whole', () => {
            fc.assert(
                fc.property(civil, ([y, m, d]) => {
                    const text = formatWrittenDate(y, m, d, language);
                    expect(parseCivilDate(text, 'auto', language)).to.deep.equal({ year: y, month: m, day: d });
                    expect(dateSpans(`on ${text}.`, language, false).map((s) => s.quote)).to.include(text);
                }),
            );
        });

        it('a duration parses back to its count, and the finder finds it whole', () => {
            fc.assert(
                fc.property(fc.integer({ min: 1, max: 999 }), unit, (n, u) => {
                    const text = formatDuration(n, u, language);
                    const factor = { second: 1, minute: 60, hour: 3600, day: 1, week: 7, month: 1, year: 12 }[u];
                    expect(parseDurationQuote(text, BASIS[u], language)).to.equal(n * factor);
                    expect(durationSpans(`for ${text}.`, language).map((s) => s.quote)).to.include(text);
                }),
            );
        });

        it('every span found for a type parses as that type', () => {
            fc.assert(
                fc.property(noise(language), (text) => {
                    for (const s of dateSpans(text, language, false))
                        expect(
                            (['auto', 'dmy', 'mdy', 'ymd'] as const).some((o) => parseDateQuote(s.quote, o, language) !== undefined),
                            s.quote,
                        ).to.equal(true);
                    for (const s of amountSpans(text, language, false))
                        expect(parseAmount(s.quote, language), s.quote).to.not.equal(undefined);
                    for (const s of durationSpans(text, language)) {
                        const ok = (['days', 'months', 'seconds'] as const).some(
                            (b) => parseDurationQuote(s.quote, b, language) !== undefined,
                        );
                        expect(ok, s.quote).to.equal(true);
                    }
                    for (const s of booleanSpans(text, language))
                        expect(parseQuote({ kind: 'boolean' }, s.quote, language), s.quote).to.not.equal(undefined);
                }),
                { numRuns: 300 },
            );
        });
    });
}

describe('a third language is one profile', () => {
    before(() => registerLocale(TOY));
    const tx = 'tx' as Language;

    it('is a language everywhere the list of languages is read', () => {
        expect(languages()).to.include('tx');
        expect(isLanguage('tx')).to.equal(true);
        expect(isLanguage('xx')).to.equal(false);
    });

    it('reads its numbers, dates, durations, number words and booleans, and not English ones', () => {
        expect(parseQuote({ kind: 'money', currency: 'EUR', scale: 2 }, "1'234.50", tx)?.json).to.deep.equal({
            amount: '1234.50',
            currency: 'EUR',
        });
        expect(parseQuote({ kind: 'money', currency: 'EUR', scale: 2 }, '1,234.50', tx)).to.equal(undefined);
        expect(parseCivilDate('3 tertio 2024', 'auto', tx)).to.deep.equal({ year: 2024, month: 3, day: 3 });
        expect(parseCivilDate('3 March 2024', 'auto', tx)).to.equal(undefined);
        expect(parseDurationQuote('duoivinti plenos dias', 'days', tx)).to.equal(22);
        expect(parseDurationQuote('un anno', 'months', tx)).to.equal(12);
        expect(parseQuote({ kind: 'boolean' }, 'si', tx)?.value).to.equal(true);
        expect(durationSpans('per trinta (30) dias et', tx).map((s) => s.quote)).to.deep.equal(['trinta (30) dias']);
    });

    it('the reader finds its values by its label words, compounds split by its splitter', async () => {
        const r = compileSchemaText(
            JSON.stringify({
                svc_schema: '1.0',
                name: 'toy',
                fields: [
                    { name: 'summa', type: 'money', currency: 'EUR', hints: ['summa'] },
                    { name: 'datum', type: 'date', hints: ['datum'] },
                    { name: 'termino', type: 'duration', basis: 'days', hints: ['termino'] },
                ],
            }),
        );
        const schema = r.schema as CompiledSchema;
        const engine = createEngine({ reader: 'heuristic', secrets: secretRingOf(['toy-test']) });
        const document = "FIRMA TOY\ndatum: 3 tertio 2024\nfacturasumma: 1'234.50\nLo termino: trinta dias\n";
        const ex = (await engine.extract({
            document,
            schema,
            language: tx,
            reference: null,
            options: { on_conflict: 'withhold', fallback: 'off' },
        })) as unknown as { response: { data: Record<string, unknown> } };
        expect(ex.response.data).to.deep.equal({ summa: { amount: '1234.50', currency: 'EUR' }, datum: '2024-03-03', termino: 'P30D' });
    });
});

describe('compound splitting (nl)', () => {
    const known = new Set(['termijn', 'datum']);
    it('splits a compound at a known word ("opzegtermijn")', () => {
        expect(localeOf('nl').splitCompound('Opzegtermijn', known)).to.deep.equal(['opzeg', 'termijn']);
    });
    it('leaves a "word" longer than any compound whole: splitting it would be quadratic in its length', () => {
        const long = `${'a'.repeat(100_000)}termijn`;
        expect(localeOf('nl').splitCompound(long, known)).to.deep.equal([long]);
        const longest = `${'a'.repeat(57)}termijn`; // 64 letters: still a word
        expect(localeOf('nl').splitCompound(longest, known)).to.deep.equal(['a'.repeat(57), 'termijn']);
    });
    it('a prefix is no compound head ("verhuurder" is the landlord, no kind of "huurder"; "onderhuurder" is)', () => {
        const tenant = new Set(['huurder']);
        expect(localeOf('nl').splitCompound('Verhuurder', tenant)).to.deep.equal(['verhuurder']);
        expect(localeOf('nl').splitCompound('Onderhuurder', tenant)).to.deep.equal(['onder', 'huurder']);
    });
    it('a tenant is read from "Huurder:", not from the landlord\'s "Verhuurder:" above it', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'huur', fields: [{ name: 'huurder', type: 'string' }] });
        const doc = 'HUUROVEREENKOMST\nVerhuurder: Maria Jansen\nHuurder: Peter de Boer\n';
        expect(await readData(doc, schema, 'nl')).to.deep.equal({ huurder: 'Peter de Boer' });
    });
});
