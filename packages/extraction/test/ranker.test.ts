// The learned ranker and its calibration: shipped weights that match this build's features, a
// monotone calibration strictly inside (0, 1), and a ranker that prefers a well-labelled value.
import { expect } from 'chai';
import fc from 'fast-check';
import { calibrate, calibrationGroup, rank, shippedWeights, sigmoid, tableFor } from '../src/readers/ranker-model.js';
import { FEATURES, featureVector, KINDS, VECTOR_NAMES } from '../src/readers/ranker-features.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { compile, extractWith, makeEngine } from './support/edit-fixtures.js';

describe('ranker', () => {
    it('ships weights for exactly the features this build computes, and a calibration per kind', () => {
        const w = shippedWeights();
        expect(w.features).to.deep.equal([...VECTOR_NAMES]);
        expect(w.weights).to.have.length(VECTOR_NAMES.length);
        expect(tableFor(w, 'heuristic', 'date')).to.be.an('array').that.is.not.empty;
        expect(featureVector({}, 'date')).to.have.length(VECTOR_NAMES.length);
    });

    it('prefers a candidate its label points at over the same candidate without one, for every kind it was trained on', () => {
        const w = shippedWeights();
        // Kinds with a calibration table are those the tuning half has fields of (codes are too few to learn from).
        for (const kind of KINDS.filter((k) => tableFor(w, 'heuristic', k) && k !== 'code')) {
            const labelled = rank(w, { heuristic: 0.9, context: 0.9, labelHint: 1, support: 1, share: 1 }, kind);
            const bare = rank(w, { heuristic: 0.1, context: 0, support: 0.2, share: 0.1 }, kind);
            expect(labelled, kind).to.be.greaterThan(bare);
        }
    });

    it('ranks exactly as the dot product of the feature vector the training script fits', () => {
        const w = shippedWeights();
        const value = fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: -3, max: 3, noNaN: true }));
        fc.assert(
            fc.property(fc.dictionary(fc.constantFrom(...FEATURES), value), fc.constantFrom(...KINDS), (features, kind) => {
                const v = featureVector(features, kind);
                const z = v.reduce((a, x, i) => a + x * w.weights[i]!, w.bias);
                expect(rank(w, features, kind)).to.equal(sigmoid(z));
            }),
        );
    });

    it('calibration is monotone and stays strictly inside (0, 1)', () => {
        const table = [
            [0.1, 0],
            [0.5, 0.4],
            [0.9, 1],
        ] as const;
        fc.assert(
            fc.property(fc.double({ min: -1, max: 2, noNaN: true }), fc.double({ min: -1, max: 2, noNaN: true }), (a, b) => {
                const [x, y] = a <= b ? [a, b] : [b, a];
                const px = calibrate(x, table);
                const py = calibrate(y, table);
                expect(px).to.be.at.most(py);
                expect(px).to.be.greaterThan(0).and.lessThan(1);
                expect(py).to.be.greaterThan(0).and.lessThan(1);
            }),
        );
        expect(calibrate(0.7, table)).to.equal(0.7);
        expect(calibrate(0.3, undefined)).to.equal(0.3);
    });

    it('groups a candidate for calibration by kind, label, rivals, document length and its clause, and ships tables for the common groups', () => {
        expect(calibrationGroup('date', { labelName: 1, alone: 1 }, 1)).to.equal('date/labelled/alone/short');
        expect(calibrationGroup('date', { labelName: 1, alone: 1, defined: 1 }, 1)).to.equal('date/labelled/alone/short/clause');
        expect(calibrationGroup('duration', { renewal: 0.5 }, 2)).to.equal('duration/unlabelled/rivalled/long/clause');
        expect(calibrationGroup('duration', { lifetime: 1, labelHint: 1 }, 1)).to.equal('duration/labelled/rivalled/short/clause');
        expect(calibrationGroup('date', { labelHint: 0, alone: 0 }, 3)).to.equal('date/unlabelled/rivalled/long');
        expect(calibrationGroup('money', { labelDescription: 1 }, 2)).to.equal('money/labelled/rivalled/long');
        const w = shippedWeights();
        const groups = Object.keys(w.calibration.heuristic!).filter((k) => k.includes('/'));
        expect(groups).to.not.be.empty;
        // Every group table is a monotone map of the same shape as a kind's.
        for (const g of groups) {
            const t = tableFor(w, 'heuristic', g)!;
            for (let i = 1; i < t.length; i++) expect(t[i]![1], g).to.be.at.least(t[i - 1]![1]);
        }
    });

    it("never reads a labelled enum of a user's invoice as a value its footnote mentions (enums are taught by rulings alone)", async () => {
        // A known limit: the shipped weights leave this in conflict (docs/extraction.md, "Calibrated
        // on these four sets only"); a ranker that learned enums from the rulings alone proposed the
        // footnote's "paid" at 0.89 and the labelled "Unpaid" at 0.001.
        const schema = compile({
            svc_schema: '1.0',
            name: 'invoice',
            fields: [{ name: 'status', type: 'enum', labels: ['paid', 'unpaid', 'overdue'], hints: ['Payment status'] }],
        });
        const doc =
            'INVOICE 2041\nDate: 3 March 2024\n\nNote: paid invoices are archived after 90 days; overdue invoices incur a fee.\n\n' +
            'Payment status: Unpaid\nTotal: EUR 120.00\n';
        const ex = await extractWith(makeEngine(secretRingOf(['s'])).engine, doc, schema);
        expect([null, 'unpaid']).to.include(ex.response.data.status);
        const p = (quote: string): number =>
            Math.max(
                ...(ex.response.mentions as { field: string; quote: string; p: number }[]).filter((m) => m.quote === quote).map((m) => m.p),
            );
        expect(p('Unpaid')).to.be.at.least(p('paid'));
        expect(p('Unpaid')).to.be.at.least(p('overdue'));
    });
});
