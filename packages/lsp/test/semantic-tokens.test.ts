// Semantic tokens are encoded in one pass in document order (a string's line found once, characters
// counted on from the token before): they must equal the straightforward encoding (every token
// collected, sorted, each position converted) on any text, in every encoding, whole or in a range.
// And a new version reuses the tokens of the expressions an edit left as they were.
import { expect } from 'chai';
import fc from 'fast-check';
import type { Connection, SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { SchemaAnalysis } from '../src/documents/document-analysis.js';
import { FUNCTIONS } from '../src/documents/language-facts.js';
import { TOKEN_TYPES } from '../src/features/semantic-tokens-provider.js';
import { createSvcLspServices } from '../src/index.js';
import { PositionEncoder, type PositionEncodingKind } from '../src/text/position-encoding.js';
import { CHECK_CASES } from './check-cases.js';
import { INVOICE } from './schema-fixtures.js';

const RUNS = Math.ceil(Number(process.env.FC_RUNS ?? 10_000) / 20);
const BASES = [INVOICE, INVOICE.replace(/\n\s*/g, ''), INVOICE.replace(/\n/g, '\r\n'), ...CHECK_CASES.map((c) => c.text)];
const NOISE = ['{', '}', '"', ':', ',', "'", '(', ')', '\\', '\\u00e9', '\\ud83d\\ude00', ' ', '\n', '\r', 'é', '😀', "date'", 'net '];

/** The encoding before the one-pass encoder: collect, sort, convert every offset, then encode. */
function oracle(analysis: SchemaAnalysis, doc: TextDocument, encoder: PositionEncoder, from: number, to: number): number[] {
    const toks: Array<[number, number, string, number]> = [];
    const known = new Set(analysis.fields.flatMap((f) => (f.name ? [f.name] : [])));
    for (const f of analysis.fields) {
        const n = f.nameNode;
        if (n && n.end > from && n.start < to) toks.push([n.start + 1, n.end - 1, 'property', 1]);
    }
    for (const site of analysis.sites) {
        if (site.node.end <= from || site.node.start >= to) continue;
        for (const t of site.tokens) {
            const [s, e] = site.sourceRange(t);
            if (t.kind === 'name') toks.push([s, e, known.has(t.image) ? 'property' : 'unknownField', 0]);
            else if (t.kind === 'call') toks.push([s, e, 'function', FUNCTIONS.some((fn) => fn.name === t.image) ? 2 : 0]);
            else if (t.kind === 'literal') {
                const [, mid] = site.sourceRange({ start: t.start, end: t.start + t.image.indexOf("'") });
                toks.push([s, mid, 'type', 0], [mid, e, 'string', 0]);
            } else if (t.kind !== 'paren' && t.kind !== 'comma') toks.push([s, e, t.kind, 0]);
        }
    }
    toks.sort((a, b) => a[0] - b[0]);
    const positions = encoder.positions(
        doc,
        toks.flatMap((t) => [t[0], t[1]]),
    );
    const data: number[] = [];
    let [line, char] = [0, 0];
    toks.forEach((t, i) => {
        const [s, e] = [positions[2 * i]!, positions[2 * i + 1]!];
        if (e.line !== s.line || e.character <= s.character) return;
        data.push(s.line - line, s.line === line ? s.character - char : s.character, e.character - s.character);
        data.push(TOKEN_TYPES.indexOf(t[2] as (typeof TOKEN_TYPES)[number]), t[3]);
        [line, char] = [s.line, s.character];
    });
    return data;
}

describe('semantic tokens', function () {
    this.timeout(120_000);

    for (const encoding of ['utf-16', 'utf-8', 'utf-32'] as PositionEncodingKind[]) {
        it(`equal the straightforward encoding on edited schemas, whole and in ranges, in ${encoding} (property)`, () => {
            const s = createSvcLspServices({} as Connection);
            s.text.encoder.encoding = encoding;
            let version = 0;
            const edited = fc
                .tuple(fc.constantFrom(...BASES), fc.nat(), fc.nat({ max: 30 }), fc.array(fc.constantFrom(...NOISE), { maxLength: 4 }))
                .map(([base, at, cut, noise]) => {
                    const i = at % (base.length + 1);
                    return base.slice(0, i) + noise.join('') + base.slice(Math.min(base.length, i + cut));
                });
            fc.assert(
                fc.property(edited, fc.nat(), fc.nat(), (text, a, b) => {
                    const doc = TextDocument.create('file:///t.svc.json', 'json', ++version, text);
                    const analysis = s.documents.analyzer.get(doc);
                    const encoder = s.text.encoder;
                    expect(s.features.semanticTokens.tokens(doc).data).to.deep.equal(oracle(analysis, doc, encoder, 0, text.length));
                    const [from, to] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y) as [number, number];
                    const range = { start: encoder.position(doc, from), end: encoder.position(doc, to) };
                    const [f, t] = [encoder.offset(doc, range.start), encoder.offset(doc, range.end)];
                    expect(s.features.semanticTokens.tokens(doc, range).data).to.deep.equal(oracle(analysis, doc, encoder, f, t));
                }),
                { numRuns: RUNS },
            );
        });
    }

    it('as a delta, turn the tokens the client holds into the current ones (property)', () => {
        const s = createSvcLspServices({} as Connection);
        const provider = s.features.semanticTokens;
        let version = 0;
        const text = fc.tuple(
            fc.constantFrom(...BASES),
            fc.nat(),
            fc.nat({ max: 30 }),
            fc.array(fc.constantFrom(...NOISE), { maxLength: 4 }),
        );
        fc.assert(
            fc.property(fc.array(text, { minLength: 2, maxLength: 4 }), (versions) => {
                const uri = `file:///delta-${++version}.svc.json`;
                const doc = TextDocument.create(uri, 'json', 1, versions[0]![0]);
                let held = provider.tokens(doc) as Required<SemanticTokens>;
                for (const [base, at, cut, noise] of versions.slice(1)) {
                    const i = at % (base.length + 1);
                    TextDocument.update(
                        doc,
                        [{ text: base.slice(0, i) + noise.join('') + base.slice(Math.min(base.length, i + cut)) }],
                        doc.version + 1,
                    );
                    const delta = provider.delta(doc, held.resultId) as SemanticTokensDelta;
                    const data = [...held.data];
                    for (const e of [...delta.edits].reverse()) data.splice(e.start, e.deleteCount, ...(e.data ?? []));
                    const full = s.features.semanticTokens.tokens(doc);
                    expect(delta.resultId).to.equal(full.resultId);
                    expect(data).to.deep.equal(full.data);
                    held = { resultId: delta.resultId!, data };
                }
                // A result id the provider did not give last: the whole tokens.
                expect(provider.delta(doc, 'elsewhere')).to.have.property('data');
            }),
            { numRuns: RUNS },
        );
    });

    it("reuse the version before's tokens of every expression an edit did not change", () => {
        const s = createSvcLspServices({} as Connection);
        const one = TextDocument.create('file:///t.svc.json', 'json', 1, INVOICE);
        const before = s.documents.analyzer.get(one);
        const tokensBefore = before.sites.map((site) => site.tokens);
        const two = TextDocument.update(one, [{ range: { start: one.positionAt(0), end: one.positionAt(0) }, text: ' ' }], 2);
        const after = s.documents.analyzer.get(two);
        expect(after).to.not.equal(before);
        after.sites.forEach((site, i) => expect(site.tokens, site.pointer).to.equal(tokensBefore[i]));
        const edited = INVOICE.replace('total == net + vat', 'total == net + vat + 0');
        const three = s.documents.analyzer.get(TextDocument.update(two, [{ text: edited }], 3));
        expect(three.sites.map((site) => site.tokens === tokensBefore[three.sites.indexOf(site)])).to.deep.equal([
            true,
            false,
            true,
            true,
            true,
        ]);
    });
});
