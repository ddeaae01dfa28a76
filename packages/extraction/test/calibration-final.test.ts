// The calibration's final step (ranker-final.ts): each value's support, as the field will report it,
// through its language's final table, without changing what settling decides. Documents written for
// the test.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { Engine } from '../src/extraction-engine.js';
import { HeuristicReader } from '../src/readers/heuristic-reader.js';
import { OpenAiReader } from '../src/readers/openai-reader.js';
import { finalCalibration, finalTable, finalTargets, rescaled } from '../src/readers/ranker-final.js';
import { shippedWeights, type CalibrationTable, type RankerWeights } from '../src/readers/ranker-model.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import type { WindowCandidates } from '../src/grounding/ground-candidates.js';

const SCHEMA = compile({
    svc_schema: '1.0',
    name: 'letter',
    fields: [
        { name: 'datum', type: 'date', hints: ['Date'] },
        { name: 'total', type: 'decimal', hints: ['Total'] },
    ],
});

/** Two levels: supports under 0.5 are right 20 times in 100, the others 70. */
const STEP: CalibrationTable = [
    [0, 0.2],
    [0.5, 0.2],
    [0.5, 0.7],
    [1, 0.7],
];

const noisyOr = (ps: number[]): number => 1 - ps.reduce((q, p) => q * (1 - p), 1);

describe('calibration: the final step', () => {
    it('ships a final table for each language of the tuning half, monotone and inside (0, 1)', () => {
        for (const language of ['en', 'nl']) {
            const t = finalTable(shippedWeights(), 'heuristic', language)!;
            expect(t, language).to.be.an('array').that.is.not.empty;
            for (let i = 1; i < t.length; i++) expect(t[i]![1], language).to.be.at.least(t[i - 1]![1]);
            for (const [, y] of t) expect(y).to.be.greaterThan(0).and.lessThan(1);
        }
    });

    it('reads the table of the document’s size when there is one, else its language’s', () => {
        const LONG: CalibrationTable = [
            [0, 0.1],
            [1, 0.6],
        ];
        const weights: RankerWeights = {
            features: [],
            weights: [],
            bias: 0,
            finalSplit: 3000,
            calibration: { heuristic: { 'final:en': STEP, 'final:en:long': LONG, 'final:nl': STEP } },
        };
        expect(finalTable(weights, 'heuristic', 'en', 3001)).to.equal(LONG);
        expect(finalTable(weights, 'heuristic', 'en', 3000)).to.equal(STEP);
        expect(finalTable(weights, 'heuristic', 'nl', 50_000)).to.equal(STEP);
        expect(finalTable({ ...weights, finalSplit: undefined }, 'heuristic', 'en', 50_000)).to.equal(STEP);
    });

    it('ships the English tables of one-page and longer documents apart', () => {
        const shipped = shippedWeights();
        expect(shipped.finalSplit).to.be.a('number');
        expect(finalTable(shipped, 'heuristic', 'en', 100)).to.not.equal(finalTable(shipped, 'heuristic', 'en', 100_000));
    });

    it('ships no final table of one level: every table still tells values apart', () => {
        const tables = shippedWeights().calibration.heuristic as Record<string, CalibrationTable>;
        const finals = Object.keys(tables).filter((k) => k.startsWith('final:'));
        expect(finals).to.include.members(['final:en', 'final:nl']);
        for (const key of finals) expect(new Set(tables[key]!.map(([, y]) => y)).size, key).to.be.at.least(2);
    });

    it("rescales a value's candidates so that their noisy-or is the table's level", () => {
        const document = 'Date: 3 March 2024. Again: 3 March 2024.';
        const windows: WindowCandidates[] = [
            {
                start: 0,
                end: document.length,
                candidates: [
                    { slot: 'datum', quote: '3 March 2024', p: 0.6, at: 6 },
                    { slot: 'datum', quote: '3 March 2024', p: 0.3, at: 27 },
                ],
            },
        ];
        const out = finalCalibration(document, SCHEMA, 'en', windows, STEP);
        const ps = out[0]!.candidates.map((c) => c.p);
        expect(noisyOr(ps)).to.be.closeTo(0.7, 0.002);
        expect(ps[0]).to.be.greaterThan(ps[1]!);
        // Without a table: as read.
        expect(finalCalibration(document, SCHEMA, 'en', windows, undefined)).to.deep.equal(windows);
    });

    it('keeps which values compete: the strongest stays first, a weak rival stays under half of it', () => {
        const t = finalTargets(
            new Map([
                ['a', 0.95],
                ['b', 0.6],
                ['c', 0.3],
            ]),
            [
                [0, 0.4],
                [1, 0.4],
            ],
        );
        expect(t.get('a')).to.equal(0.4);
        // b competed (0.6 ≥ 0.475) and still does; c did not (0.3 < 0.475) and still does not.
        expect(t.get('b')).to.be.at.least(0.2).and.at.most(0.4);
        expect(t.get('c')).to.be.lessThan(0.2);
    });

    it('rescales within (0, 1) and leaves p alone when the support does not move', () => {
        expect(rescaled(0.5, 0.5, 0.5)).to.equal(0.5);
        expect(rescaled(0.5, 0.5, 0.9)).to.equal(0.9);
        expect(rescaled(0.001, 0.9, 0.1)).to.equal(0.001);
        expect(rescaled(0.999, 0.999, 0.9999)).to.be.lessThan(1);
    });

    it("is the openai reader's last step too (its own table; none: as read)", () => {
        const document = 'Date: 3 March 2024.';
        const windows: WindowCandidates[] = [
            { start: 0, end: document.length, candidates: [{ slot: 'datum', quote: '3 March 2024', p: 0.95, at: 6 }] },
        ];
        const config = { baseUrl: 'http://127.0.0.1:9', model: 'test-model', timeoutMs: 1000 };
        const fitted = new OpenAiReader(config, { features: [], weights: [], bias: 0, calibration: { openai: { 'final:en': STEP } } });
        expect(fitted.across(document, SCHEMA, 'en', windows)[0]!.candidates[0]!.p).to.equal(0.7);
        const plain = new OpenAiReader(config, { features: [], weights: [], bias: 0, calibration: {} });
        expect(plain.across(document, SCHEMA, 'en', windows)).to.deep.equal(windows);
    });

    it("reports every single value's confidence at its table's level, end to end", async () => {
        const shipped = shippedWeights();
        // One table for English documents of every size.
        const flat: RankerWeights = {
            ...shipped,
            finalSplit: undefined,
            calibration: { ...shipped.calibration, heuristic: { ...(shipped.calibration.heuristic as object), 'final:en': STEP } },
        };
        const engine = new Engine({ reader: new HeuristicReader({ weights: flat }), secrets: secretRingOf(['t']), concurrency: 1 });
        const ex = await engine.extract({
            document: 'Invoice\nDate: 3 March 2024\nTotal: 120.50\nThank you.',
            schema: SCHEMA,
            language: 'en',
            reference: null,
            options: { on_conflict: 'withhold', fallback: 'off' },
        });
        for (const name of ['datum', 'total']) {
            const f = (ex.response as { fields: Record<string, { status: string; confidence: number }> }).fields[name]!;
            expect(f.status, name).to.equal('found');
            expect(
                [0.2, 0.7].some((level) => Math.abs(f.confidence - level) < 0.002),
                `${name}: ${f.confidence}`,
            ).to.equal(true);
        }
    });
});
