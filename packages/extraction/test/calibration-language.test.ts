// The calibration's last step: one correction per document language after the groups' tables
// (ranker-model.ts languageTable). Documents written for the test.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { HeuristicReader } from '../src/readers/heuristic-reader.js';
import { languageTable, shippedWeights, type RankerWeights } from '../src/readers/ranker-model.js';
import type { Language } from '../src/engine-types.js';

const SCHEMA = compile({
    svc_schema: '1.0',
    name: 'letter',
    fields: [{ name: 'datum', type: 'date', hints: ['Datum', 'Date'] }],
});

async function topP(reader: HeuristicReader, text: string, language: Language): Promise<number> {
    const candidates = await reader.read({
        schema: SCHEMA,
        language,
        rendering: '',
        text,
        offset: 0,
        documentLength: text.length,
        index: 0,
        windows: 1,
    });
    return Math.max(...candidates.map((c) => c.p));
}

describe('calibration: per language', () => {
    it('ships a correction for each language of the tuning half, monotone and inside (0, 1)', () => {
        for (const language of ['en', 'nl']) {
            const t = languageTable(shippedWeights(), 'heuristic', language)!;
            expect(t, language).to.be.an('array').that.is.not.empty;
            for (let i = 1; i < t.length; i++) expect(t[i]![1], language).to.be.at.least(t[i - 1]![1]);
            for (const [, y] of t) expect(y).to.be.greaterThan(0).and.lessThan(1);
        }
    });

    it("applies a language's correction to that language's documents only", async () => {
        const shipped = shippedWeights();
        const flat: RankerWeights = {
            ...shipped,
            calibration: {
                ...shipped.calibration,
                heuristic: {
                    ...(shipped.calibration.heuristic as object),
                    'lang:nl': [
                        [0, 0.2],
                        [1, 0.2],
                    ],
                    'lang:en': [
                        [0, 0],
                        [1, 1],
                    ],
                },
            },
        };
        const reader = new HeuristicReader({ weights: flat });
        const nl = await topP(reader, 'Datum: 3 maart 2024\nDe huurder betaalt de huur.', 'nl');
        const en = await topP(reader, 'Date: 3 March 2024\nThe tenant pays the rent.', 'en');
        expect(nl).to.equal(0.2);
        expect(en).to.be.greaterThan(0.5);
        const plain = await topP(new HeuristicReader(), 'Datum: 3 maart 2024\nDe huurder betaalt de huur.', 'nl');
        expect(plain).to.not.equal(0.2);
    });
});
