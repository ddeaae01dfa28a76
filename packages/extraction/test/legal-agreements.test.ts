// The heuristic reader on agreements written for these tests: a date the text defines as the field's
// label, the parties named in the opening (listed after "between", defined with their roles), and
// the governing law told apart from a company's incorporation.
import { expect } from 'chai';
import type { CompiledSchema } from '@svc/compiler';
import { Engine } from '../src/extraction-engine.js';
import { HeuristicReader, type RankedCandidate } from '../src/readers/heuristic-reader.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { WindowText } from '../src/readers/heuristic-text.js';
import { en as EN } from '../src/locale/en.js';
import { descriptionForms, periodContext, sentenceShare } from '../src/readers/heuristic-clauses.js';
import { partyNames } from '../src/readers/heuristic-parties.js';
import { findLabels } from '../src/readers/heuristic-labels.js';
import { namePhraseAfter } from '../src/readers/heuristic-names.js';
import { compile, OPTIONS } from './support/edit-fixtures.js';

/** The extraction's data of a document, and the reader's candidates. */
async function read(document: string, schema: CompiledSchema): Promise<{ data: Record<string, unknown>; seen: RankedCandidate[] }> {
    const seen: RankedCandidate[] = [];
    const reader = new HeuristicReader({ collect: (c) => seen.push(c) });
    const ex = (await new Engine({ reader, secrets: secretRingOf(['s']), concurrency: 1 }).extract({
        document,
        schema,
        language: 'en',
        reference: null,
        options: OPTIONS,
    })) as unknown as { response: { data: Record<string, unknown> } };
    return { data: ex.response.data, seen };
}
const data = async (document: string, schema: CompiledSchema): Promise<Record<string, unknown>> => (await read(document, schema)).data;

const AGREEMENT = compile({
    svc_schema: '1.0',
    name: 'agreement',
    fields: [
        {
            name: 'signed_on',
            type: 'date',
            nullable: true,
            description: 'Date the agreement was signed.',
            hints: ['made and entered into'],
        },
        {
            name: 'effective_date',
            type: 'date',
            nullable: true,
            description: 'Date the agreement takes effect.',
            hints: ['Effective Date'],
        },
        {
            name: 'party',
            type: 'array',
            items: { type: 'string' },
            description: 'Names of the parties to the agreement.',
            hints: ['by and between', 'Inc.', 'LLC'],
        },
        {
            name: 'governing_law',
            type: 'string',
            nullable: true,
            description: 'State whose law governs the agreement.',
            hints: ['governed by', 'laws of the State of'],
        },
    ],
});

const names = (text: string): string[] => partyNames(new WindowText(text, EN), 0).map((n) => n.quote);

describe('legal agreements: dates defined by the text', () => {
    it('reads the date the text defines as the Effective Date, and the signing date it shares', async () => {
        const doc =
            'SUPPLY AGREEMENT\n\nThis Supply Agreement is made and entered into as of March 9, 2022 (the "Effective Date"), by and ' +
            'between Orchard Labs, Inc. and Bramble Tools LLC.\n\n1. Deliveries. Orchard shall deliver the first lot by June 30, 2022 ' +
            'and the second by September 30, 2022.\n\n2. Quality. Each lot shall meet the specification agreed by the parties.\n\n' +
            '3. Notices. Notices shall be given in writing to the addresses above.\n\nORCHARD LABS, INC.\nBy: /s/ Nell Ashby\n\n' +
            'BRAMBLE TOOLS LLC\nBy: /s/ Omar Pike\n';
        const { data: d, seen } = await read(doc, AGREEMENT);
        expect(d.effective_date).to.equal('2022-03-09');
        // The definition does not take the date from the field whose own label points at it.
        const signed = seen.find((c) => c.field === 'signed_on' && c.json === '2022-03-09');
        expect(signed?.features.claimed ?? 0).to.equal(0);
        expect(signed?.features.context).to.be.greaterThan(0.5);
    });

    it('a later mention of the term, in another sentence, labels nothing', async () => {
        const doc =
            'LICENCE\n\nThis Licence takes effect on April 2, 2020 (the “Effective Date”) and is made between Quill Press Ltd and ' +
            'Ferncastle Media LLC.\n\n2. Payment. Fees are due within thirty days of the Effective Date. Reports are due on July 1, ' +
            '2020 and on January 4, 2021.\n\n3. Notices. Notices shall be given in writing to the addresses above.\n';
        expect((await data(doc, AGREEMENT)).effective_date).to.equal('2020-04-02');
    });
});

describe('legal agreements: parties', () => {
    it('lists the names after "between" and the names defined with a role, not the roles', () => {
        const text =
            'NON-DISCLOSURE AGREEMENT\nThis Agreement is made between Harbor Lantern Company, a Maine corporation (the “Company”), ' +
            'and Delia Marsh (the “Employee”).\nThe Company and the Employee agree as follows.';
        expect(names(text)).to.include.members(['Harbor Lantern Company', 'Delia Marsh']);
        expect(names(text)).to.not.include('Company');
        expect(names(text)).to.not.include('Employee');
    });

    it('reads a party defined with its role at the head of a form ("PARTIES:" / name (“EMPLOYEE”))', () => {
        const text = 'COVENANT NOT TO COMPETE\nPARTIES:\nTobias Wren (“EMPLOYEE”)\nand\nKestrel Outdoor, Inc. (“KESTREL”):\nRECITALS:';
        expect(names(text)).to.include.members(['Tobias Wren', 'Kestrel Outdoor, Inc.']);
    });

    it('does not take the agreement, a place of an address or a state of incorporation for a party', () => {
        const text =
            'This Mutual Confidentiality Agreement (the “Agreement”) is entered into by Pellam Ventures LLC, organized under the laws ' +
            'of the State of Oregon (“Oregon”), with offices at 4 Quay Road, Portland, Maine (“Office”).';
        const found = names(text);
        expect(found).to.not.include('Mutual Confidentiality Agreement');
        expect(found).to.not.include('State of Oregon');
        expect(found).to.not.include('Maine');
    });

    it('reads only the opening of the document', () => {
        const filler = 'The parties shall keep all information confidential. '.repeat(60);
        expect(names(`${filler}This Agreement is made between Quarry Hill Ltd and Lowell Finch.`)).to.deep.equal([]);
    });

    it('proposes both parties from the opening, the company name without the comma before its legal form', async () => {
        const doc =
            'CONFIDENTIALITY AGREEMENT\n\nThis Confidentiality Agreement (the “Agreement”) is made as of May 5, 2021 between ' +
            'Pinecrest Analytics, Inc., a Delaware corporation (the “Company”), and Marta Olsen (the “Consultant”).\n\n' +
            '1. Confidential Information. The Consultant shall not disclose any information of the Company.\n\n' +
            '2. Governing Law. This Agreement shall be governed by the laws of the State of Vermont.\n\n' +
            'PINECREST ANALYTICS, INC.\nBy: /s/ Rhea Tamsin\n\nCONSULTANT\n/s/ Marta Olsen\n';
        const { data: d, seen } = await read(doc, AGREEMENT);
        expect((d.party as string[]).map((p) => p.toLowerCase())).to.include('pinecrest analytics inc.');
        const proposed = seen.filter((c) => c.field === 'party' && c.features.party === 1).map((c) => c.json);
        expect(proposed).to.include.members(['Pinecrest Analytics Inc.', 'Marta Olsen']);
    });
});

describe('legal agreements: governing law', () => {
    const opening =
        'SERVICES AGREEMENT\n\nThis Services Agreement is made between Larkspur Freight Corp., a corporation organized and ' +
        'existing under the laws of the State of Nevada, and Tamsin Row LLC.\n\n';
    const clauses = '1. Services. Larkspur shall carry the goods of Tamsin Row between its depots as ordered from time to time.\n\n';

    it('prefers the governing-law clause over the state a party is organized under', async () => {
        const doc = `${opening}${clauses}9. Governing Law. This Agreement shall be governed by the laws of the State of Oregon.\n`;
        expect((await data(doc, AGREEMENT)).governing_law).to.equal('Oregon');
    });

    it('reads the state on the next line when the label ends a line of prose', async () => {
        const doc =
            `${clauses}9. Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of\n` +
            'Rhode Island, without regard to its conflict of laws principles.\n';
        expect((await data(doc, AGREEMENT)).governing_law).to.equal('Rhode Island');
    });

    it('reads a label that runs on from a wrapped line of prose ("the laws of" / "the State of Maine")', async () => {
        for (const cut of ['laws of\nthe State of Maine', 'laws\nof the State of Maine', 'laws of the\nState of Maine']) {
            const doc = `${clauses}9. Governing Law; Jurisdiction. This Agreement will be governed by and construed in accordance with the ${cut}, without regard to its conflict of laws principles.\n`;
            expect((await data(doc, AGREEMENT)).governing_law, cut).to.equal('Maine');
        }
    });

    it('never joins a short line of its own to the next one into a label', () => {
        const win = new WindowText('LAWS OF\nTHE STATE OF MAINE\n', EN);
        const phrase = { words: ['laws', 'of', 'the', 'state', 'of'], weight: 1, kind: 'hint' as const, source: 'laws of the State of' };
        expect(findLabels(win, [AGREEMENT.fields[0]!], new Map([[AGREEMENT.fields[0]!.id, [phrase]]]))[0]).to.deep.equal([]);
        const prose = new WindowText(`${'x'.repeat(40)} the laws of\nthe State of Maine\n`, EN);
        expect(findLabels(prose, [AGREEMENT.fields[0]!], new Map([[AGREEMENT.fields[0]!.id, [phrase]]]))[0]).to.have.length(1);
    });

    it('reports the place, not its kind: "the Commonwealth of Kentucky" is Kentucky', async () => {
        const doc = `${clauses}9. Law. This Agreement is governed by the Commonwealth of Kentucky law, as applied to contracts made there.\n`;
        expect((await data(doc, AGREEMENT)).governing_law).to.equal('Kentucky');
    });

    it('ends a name written in capitals at a function word in capitals, not at a connector', async () => {
        const doc = `${clauses}9. GOVERNING LAW. THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF NEW MEXICO WITHOUT GIVING EFFECT TO ITS CONFLICT OF LAWS PRINCIPLES.\n`;
        expect((await data(doc, AGREEMENT)).governing_law).to.equal('NEW MEXICO');
        const text = 'ASSIGNED TO BANK OF THE WEST EXCEPT AS STATED';
        const win = new WindowText(text, EN);
        expect(namePhraseAfter(win, text.indexOf('BANK'), 10)?.quote).to.equal('BANK OF THE WEST');
    });
});

describe('legal agreements: how long the agreement lasts', () => {
    const TERM = compile({
        svc_schema: '1.0',
        name: 'nda',
        fields: [
            {
                name: 'term',
                type: 'duration',
                basis: 'months',
                nullable: true,
                description: 'How long the agreement lasts.',
                hints: ['term of', 'period of'],
            },
        ],
    });

    it('takes the period of the agreement itself, not a restriction that runs after employment ends', async () => {
        const doc =
            'NON-DISCLOSURE AGREEMENT\n\n1. Non-Solicitation. For a period of twelve (12) months following termination of employment, ' +
            'the Employee shall not solicit any customer of the Company.\n\n2. Duration. This Agreement shall terminate three (3) ' +
            'years after the date hereof.\n\n3. Notices. Notices shall be given in writing.\n';
        expect((await data(doc, TERM)).term).to.equal('P36M');
    });

    it('marks the sentence that speaks of the agreement and the period that follows an end', async () => {
        const { seen } = await read(
            'This Agreement shall remain in effect for two years. The Employee shall not compete for a period of six months after ' +
                'the termination of employment.',
            TERM,
        );
        expect(seen.find((c) => c.json === 'P24M')?.features).to.include({ lifetime: 1, afterEnd: 0 });
        const text = 'The Employee shall not compete for a period of six months after the termination of employment.';
        const six = { start: text.indexOf('six'), end: text.indexOf(' after'), quote: 'six months' };
        expect(periodContext(new WindowText(text, EN), six)).to.deep.equal({ lifetime: false, afterEnd: true, restriction: true });
    });

    it("leaves the term missing when the only period is a covenant's: not to compete, not to solicit", async () => {
        // The hint "period of" labels each of these; none is how long the agreement lasts.
        const covenants = [
            '2. Noncompetition. (a) Seller agrees that, for a period of one (1) year following the date hereof, it will not engage in any business.',
            'Employee agrees that for a period of twelve (12) months (the “Non-Compete Period”) Employee will not work for a rival.',
            'The Recipient shall not, for a period of two (2) years, directly or indirectly solicit any employee of the Company.',
        ];
        for (const covenant of covenants) {
            const doc = `CONFIDENTIALITY AGREEMENT\n\n1. Confidential Information. The Recipient shall keep the Information secret.\n\n${covenant}\n\n3. Notices. Notices shall be given in writing.\n`;
            expect((await data(doc, TERM)).term, covenant).to.equal(null);
        }
    });

    it("still reads a covenant's period for a field that asks about the covenant, and the agreement's life that names one", async () => {
        const NON_COMPETE = compile({
            svc_schema: '1.0',
            name: 'employment',
            fields: [
                {
                    name: 'non_compete_period',
                    type: 'duration',
                    basis: 'months',
                    nullable: true,
                    description: 'How long the employee may not compete after leaving.',
                    hints: ['period of'],
                },
            ],
        });
        const covenant =
            'Employee agrees that for a period of twelve (12) months (the “Non-Compete Period”) Employee will not work for a rival.';
        expect((await data(`EMPLOYMENT AGREEMENT\n\n${covenant}\n`, NON_COMPETE)).non_compete_period).to.equal('P12M');
        const life = 'This Agreement, including the covenant not to solicit, shall remain in effect for a period of two (2) years.';
        expect((await data(`AGREEMENT\n\n${life}\n`, TERM)).term).to.equal('P24M');
    });
});

describe('legal agreements: the clause a period stands in', () => {
    const NOTICE = compile({
        svc_schema: '1.0',
        name: 'contract',
        fields: [
            {
                name: 'notice_period',
                type: 'duration',
                basis: 'days',
                nullable: true,
                description: 'Notice needed to stop a renewal.',
                hints: ['prior written notice', 'days prior'],
            },
        ],
    });

    it('a notice in the sentence about renewal shares more of the description than a notice of another clause', () => {
        const text =
            '4. Breach. Either party may end this Agreement upon thirty (30) days prior written notice if the other party ' +
            'fails to pay.\n\n5. Renewal. This Agreement renews each year unless a party gives ninety (90) days prior written ' +
            'notice that it does not wish the renewal.\n';
        const win = new WindowText(text, EN);
        const forms = descriptionForms(NOTICE.fields[0]!, win)!;
        const at = (quote: string) => ({ start: text.indexOf(quote), end: text.indexOf(quote) + quote.length, quote });
        expect(sentenceShare(win, at('ninety (90) days'), forms)).to.equal(2 / 3);
        expect(sentenceShare(win, at('thirty (30) days'), forms)).to.equal(1 / 3);
    });
});
