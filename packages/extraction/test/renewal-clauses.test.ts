// The clause of a renewal: for a field that asks about an agreement's renewal (its length, the
// notice that ends it), a period in a sentence that speaks of renewal is as good as a label — the
// renewal's length after "renew for successive …", the notice around "non-renewal". Documents
// written for these tests.
import { expect } from 'chai';
import { Engine } from '../src/extraction-engine.js';
import { HeuristicReader, type RankedCandidate } from '../src/readers/heuristic-reader.js';
import { asksAbout, renewalClause } from '../src/readers/heuristic-clauses.js';
import { WindowText } from '../src/readers/heuristic-text.js';
import { en as EN } from '../src/locale/en.js';
import { nl as NL } from '../src/locale/nl.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { compile, OPTIONS } from './support/edit-fixtures.js';

const RENEWAL = compile({
    svc_schema: '1.0',
    name: 'contract',
    fields: [
        {
            name: 'renewal_term',
            type: 'duration',
            basis: 'months',
            nullable: true,
            description: 'Length of each renewal term.',
            hints: ['renew', 'successive'],
        },
        {
            name: 'notice_period',
            type: 'duration',
            basis: 'days',
            nullable: true,
            description: 'Notice needed to terminate a renewal.',
            hints: ['prior written notice'],
        },
    ],
});

const spanOf = (text: string, quote: string) => ({ start: text.indexOf(quote), end: text.indexOf(quote) + quote.length, quote });

describe('renewal clauses', () => {
    it('tells whether a renewal word stands before a period in its sentence, only after it, or not at all', () => {
        const before = 'This Agreement shall automatically renew for successive one (1) year periods.';
        expect(renewalClause(new WindowText(before, EN), spanOf(before, 'one (1) year'))).to.equal(1);
        const notice = 'Either party may give notice of non-renewal at least sixty (60) days prior to the end of the term.';
        expect(renewalClause(new WindowText(notice, EN), spanOf(notice, 'sixty (60) days'))).to.equal(1);
        const after = 'The initial term is three (3) years, after which the Agreement is renewed each year.';
        expect(renewalClause(new WindowText(after, EN), spanOf(after, 'three (3) years'))).to.equal(0.5);
        const other = 'This Agreement shall be renewed by the parties. Payment is due within thirty (30) days of invoice.';
        expect(renewalClause(new WindowText(other, EN), spanOf(other, 'thirty (30) days'))).to.equal(0);
    });

    it('knows which fields ask about renewal (Dutch borrows the English words)', () => {
        const win = new WindowText('', EN);
        expect(asksAbout(['renewal_term', 'Length of each renewal term.'], win, 'renewalWords')).to.equal(true);
        expect(asksAbout(['term', 'How long the agreement lasts.', 'period of'], win, 'renewalWords')).to.equal(false);
        expect(asksAbout(['renewal_term'], new WindowText('', NL), 'renewalWords')).to.equal(true);
    });

    it('reads the renewal length and the notice of non-renewal apart from the initial term and other notices', async () => {
        const document = [
            'SERVICES AGREEMENT',
            '',
            '1. Term. This Agreement commences on the Effective Date and continues for an initial term of three (3) years.',
            'Thereafter this Agreement shall automatically renew for successive one (1) year periods unless either party gives written notice of non-renewal at least sixty (60) days prior to the end of the then-current term.',
            '',
            '2. Payment. Invoices are payable within thirty (30) days of receipt. Late payments bear interest after ten (10) days.',
        ].join('\n');
        const seen: RankedCandidate[] = [];
        const reader = new HeuristicReader({ collect: (c) => seen.push(c) });
        const ex = (await new Engine({ reader, secrets: secretRingOf(['s']), concurrency: 1 }).extract({
            document,
            schema: RENEWAL,
            language: 'en',
            reference: null,
            options: OPTIONS,
        })) as unknown as { response: { data: Record<string, unknown> } };
        expect(ex.response.data).to.deep.equal({ renewal_term: 'P12M', notice_period: 'P60D' });
        expect(seen.find((c) => c.field === 'renewal_term' && c.json === 'P12M')?.features.renewal).to.equal(1);
        expect(seen.find((c) => c.field === 'notice_period' && c.json === 'P30D')?.features.renewal ?? 0).to.equal(0);
    });
});
