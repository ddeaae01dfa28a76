// Across windows: the values different windows proposed are weighed against each other, and the
// first place a long document writes the value a later window read is one of the value's mentions
// (a trace of the same reading, never a rival). Documents written for these tests.
import { expect } from 'chai';
import { Engine } from '../src/extraction-engine.js';
import { HeuristicReader } from '../src/readers/heuristic-reader.js';
import { decideAcross, documentEchoes } from '../src/readers/heuristic-echoes.js';
import { PROPOSE, SHARPNESS } from '../src/readers/heuristic-weights.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { compile, OPTIONS } from './support/edit-fixtures.js';

const LAW = compile({
    svc_schema: '1.0',
    name: 'law',
    fields: [
        {
            name: 'governing_law',
            type: 'string',
            nullable: true,
            description: 'State whose law governs the agreement.',
            hints: ['governed by the laws of the State of'],
        },
        { name: 'signed', type: 'date', nullable: true, description: 'Date signed.', hints: ['Date'] },
    ],
});

const window = (start: number, end: number, slot: string, quote: string, p: number, at: number) => ({
    start,
    end,
    candidates: [{ slot, quote, p, at }],
});

describe('document echoes', () => {
    const doc =
        'Acme Corp., an Ohio corporation, and Beta LLC agree. ' + 'Filler text. '.repeat(20) + 'governed by the laws of the State of Ohio.';

    it('proposes the first whole-word occurrence of the best value, before the window that read it', () => {
        const at = doc.lastIndexOf('Ohio.');
        const echoes = documentEchoes(doc, LAW, 'en', [
            window(0, 100, 'signed', 'x', 0.1, 0),
            window(100, doc.length, 'governing_law', 'Ohio.', 0.8, at - 100),
        ]);
        expect(echoes?.candidates).to.deep.equal([{ slot: 'governing_law', quote: 'Ohio', p: PROPOSE.echoP, at: doc.indexOf('Ohio') }]);
        expect(echoes).to.include({ start: 0, end: doc.length });
    });

    it('adds nothing when the value is first written where it was read, or only inside another word', () => {
        const first = doc.indexOf('Ohio');
        expect(documentEchoes(doc, LAW, 'en', [window(0, doc.length, 'governing_law', 'Ohio', 0.8, first)])).to.equal(undefined);
        const inWord = 'Ohioans live here. ' + 'governed by the laws of the State of Ohio';
        expect(
            documentEchoes(inWord, LAW, 'en', [window(0, inWord.length, 'governing_law', 'Ohio', 0.8, inWord.lastIndexOf('Ohio'))]),
        ).to.equal(undefined);
    });

    it('finds the value written first in other capitals, and quotes it as written there', () => {
        const d = 'Acme Corp., a Washington corporation. ' + 'x '.repeat(40) + 'GOVERNED BY THE LAWS OF THE STATE OF WASHINGTON';
        const echoes = documentEchoes(d, LAW, 'en', [window(0, d.length, 'governing_law', 'WASHINGTON', 0.9, d.lastIndexOf('WASHINGTON'))]);
        expect(echoes?.candidates).to.deep.equal([
            { slot: 'governing_law', quote: 'Washington', p: PROPOSE.echoP, at: d.indexOf('Washington') },
        ]);
    });

    it('ignores echoes as the best value and another value spelled alike', () => {
        const d = 'Dated 1 May 2020. ' + 'x '.repeat(50) + 'Date: 2 May 2020';
        const echoes = documentEchoes(d, LAW, 'en', [
            window(0, d.length, 'signed', '1 May 2020', PROPOSE.echoP, 6),
            window(0, d.length, 'signed', '2 May 2020', 0.7, d.lastIndexOf('2 May')),
        ]);
        expect(echoes).to.equal(undefined);
    });

    it('makes the first occurrence one of the settled value’s mentions, with the echo p', async () => {
        const body = 'The parties shall perform their obligations with due care and in good faith. '.repeat(600);
        const document = `This agreement is made by Acme Corp., an Ohio corporation.\n\n${body}\n\nThis Agreement shall be governed by the laws of the State of Ohio.`;
        const engine = new Engine({ reader: new HeuristicReader(), secrets: secretRingOf(['s']), concurrency: 1 });
        const ex = (await engine.extract({ document, schema: LAW, language: 'en', reference: null, options: OPTIONS })) as unknown as {
            usage: { reads: number };
            response: {
                data: Record<string, unknown>;
                fields: Record<string, { mentions: string[] }>;
                mentions: { id: string; start: number; p: number }[];
            };
        };
        expect(ex.usage.reads).to.be.greaterThan(1);
        expect(ex.response.data.governing_law).to.match(/^Ohio/);
        const ids = new Set(ex.response.fields.governing_law!.mentions);
        const first = ex.response.mentions.find((m) => ids.has(m.id) && m.start === document.indexOf('Ohio'));
        expect(first?.p).to.equal(PROPOSE.echoP);
    });
});

describe('deciding between the values of different windows', () => {
    it('keeps the best value and lowers another by (its support / the best) to the power of the sharpness', () => {
        const windows = [
            window(0, 100, 'signed', '1 May 2020', 0.8, 6),
            window(90, 200, 'signed', '2 May 2020', 0.4, 10),
            window(190, 300, 'governing_law', 'Ohio', 0.6, 3),
        ];
        const decided = decideAcross(LAW, 'en', windows);
        expect(decided[0]!.candidates[0]!.p).to.equal(0.8);
        expect(decided[1]!.candidates[0]!.p).to.equal(Math.round(0.4 * Math.pow(0.5, SHARPNESS.windows) * 1000) / 1000);
        expect(decided[2]).to.deep.equal(windows[2]);
    });

    it('counts a value seen in several windows by all its sightings, and leaves one window and echoes as read', () => {
        const twice = [
            window(0, 100, 'signed', '1 May 2020', 0.5, 6),
            window(90, 200, 'signed', '1 May 2020', 0.5, 6),
            window(190, 300, 'signed', '2 May 2020', 0.7, 10),
        ];
        const decided = decideAcross(LAW, 'en', twice);
        expect(decided.map((w) => w.candidates[0]!.p)).to.deep.equal([
            0.5,
            0.5,
            Math.round(0.7 * Math.pow(0.7 / 0.75, SHARPNESS.windows) * 1000) / 1000,
        ]);
        const one = [
            {
                start: 0,
                end: 100,
                candidates: [
                    { slot: 'signed', quote: '1 May 2020', p: 0.8 },
                    { slot: 'signed', quote: '2 May 2020', p: 0.3 },
                ],
            },
        ];
        expect(decideAcross(LAW, 'en', one)).to.deep.equal(one);
        const echo = [window(0, 100, 'signed', '1 May 2020', 0.8, 6), window(90, 200, 'signed', '2 May 2020', PROPOSE.echoP, 1)];
        expect(decideAcross(LAW, 'en', echo)[1]!.candidates[0]!.p).to.equal(PROPOSE.echoP);
    });
});
