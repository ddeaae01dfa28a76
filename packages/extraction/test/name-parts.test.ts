// A field's name written in part, as forms and letters label it (documents written for the test;
// bench/user-docs/twentieth has the ones these were seen in): a name of three words without its
// first or last ("Effective date:" for `salary_effective_date`).
import { expect } from 'chai';
import { labelPhrases } from '../src/readers/heuristic-labels.js';
import { localeOf } from '../src/locale/locale-registry.js';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

describe("a field's name in part", () => {
    it('a name of three words or more labels without its first or last word ("Effective date:" for `salary_effective_date`)', async () => {
        const letter = [
            'As discussed, your base salary will increase as follows:',
            '',
            '    Current annual base salary:      $58,500.00',
            '    New annual base salary:          $61,000.00',
            '    Effective date:                  June 2, 2025 (first full pay period)',
            '',
            'You become eligible to enroll in the 401(k) plan with employer match from July 1, 2025.',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'l', fields: [{ name: 'salary_effective_date', type: 'date' }] });
        expect((await readData(letter, schema)).salary_effective_date).to.equal('2025-06-02');
    });

    it('a part is a label only where its ends are words of four letters or more, no stopwords ("per week" is none of `uren_per_week`)', () => {
        const phrases = (name: string, language: 'en' | 'nl') =>
            labelPhrases(compile({ svc_schema: '1.0', name: 's', fields: [{ name, type: 'date' }] }).fields[0]!, localeOf(language)).map(
                (p) => p.words.join(' '),
            );
        expect(phrases('salary_effective_date', 'en')).to.include('effective date');
        expect(phrases('uren_per_week', 'nl')).to.not.include('per week');
        expect(phrases('uren_per_week', 'nl')).to.not.include('uren per');
    });

    it('a bare preposition that introduces a first day ("from") labels less than a phrase of it ("starts on")', () => {
        const field = compile({ svc_schema: '1.0', name: 's', fields: [{ name: 'start_date', type: 'date' }] }).fields[0]!;
        const weight = (words: string) => labelPhrases(field, localeOf('en')).find((p) => p.words.join(' ') === words)?.weight ?? 0;
        expect(weight('from')).to.be.above(0);
        expect(weight('from')).to.be.below(weight('starts on'));
    });
});
