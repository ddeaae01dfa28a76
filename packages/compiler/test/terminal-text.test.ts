// What `svc check` shows of a schema on a terminal (src/diagnostics/terminal-text.ts and the
// renderer): no character that drives the terminal or reorders the text reaches it raw, and carets
// line up by display columns. The CLI's golden files show the same on whole schemas.
import { expect } from 'chai';
import { renderDiagnostic } from '../src/diagnostics/diagnostic-renderer.js';
import { displayWidth, visibleText } from '../src/diagnostics/terminal-text.js';

describe('terminal text', () => {
    it('writes control, bidi and zero-width characters as \\u{HEX}', () => {
        const cases: Array<[string, string]> = [
            ['\u001b[2J', '\\u{1B}[2J'],
            ['a\u0000b\u0007c', 'a\\u{0}b\\u{7}c'],
            ['\t\n\r', '\\u{9}\\u{A}\\u{D}'],
            ['\u007f\u0080\u0085\u009b\u009f', '\\u{7F}\\u{80}\\u{85}\\u{9B}\\u{9F}'],
            ['\u202a\u202b\u202c\u202d\u202e', '\\u{202A}\\u{202B}\\u{202C}\\u{202D}\\u{202E}'],
            ['\u2066\u2067\u2068\u2069\u061c', '\\u{2066}\\u{2067}\\u{2068}\\u{2069}\\u{61C}'],
            ['\u200b\u200c\u200d\u200e\u200f', '\\u{200B}\\u{200C}\\u{200D}\\u{200E}\\u{200F}'],
            ['\u2028\u2029\ufeff', '\\u{2028}\\u{2029}\\u{FEFF}'],
            ['\ud800x\udc00', '\\u{D800}x\\u{DC00}'],
        ];
        for (const [raw, shown] of cases) expect(visibleText(raw), JSON.stringify(raw)).to.equal(shown);
        for (const [raw] of cases)
            // eslint-disable-next-line no-control-regex -- what must not be left
            expect(visibleText(raw)).to.not.match(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
    });

    it('leaves printable text alone: accents, CJK, emoji, a joiner inside an emoji sequence, non-breaking space', () => {
        for (const s of ['Größe é́ 請求書 ＡＢ', '😀 🇳🇱 👩\u200d💻 👍🏽\u200d👍', 'a\u00a0b', 'back\\slash \\u{1B}'])
            expect(visibleText(s)).to.equal(s);
        expect(visibleText('👍🏽\u200d')).to.equal('👍🏽\\u{200D}');
        expect(visibleText('a\u200db')).to.equal('a\\u{200D}b');
    });

    it('counts display columns: wide 2, combining 0, one cluster as its first character', () => {
        const cases: Array<[string, number]> = [
            ['abc', 3],
            ['😀', 2],
            ['😀😀', 4],
            ['請求書', 6],
            ['ＡＢ', 4],
            ['e\u0301\u0301\u0301', 1],
            ['\u0301', 0],
            ['👩\u200d💻', 2],
            ['🇳🇱', 2],
            ['❤\ufe0f', 2],
            ['❤', 1],
            ['\u1100\u1161\u11a8', 2], // Hangul jamo that make one syllable
            ['각', 2],
            ['Größe ✓', 7],
            ['\\u{1B}', 6],
        ];
        for (const [s, w] of cases) expect(displayWidth(s), JSON.stringify(s)).to.equal(w);
    });

    it('renders a diagnostic with no raw control character and carets under the span by columns', () => {
        const expr = "'\u001b[31m😀請' == zz\r";
        const start = Buffer.byteLength(expr.slice(0, expr.indexOf('zz')));
        const text = renderDiagnostic(
            { code: 'E-NAME-UNKNOWN', message: '"\u202ezz" is not a field', pointer: '/relations/0/e\u001bxpr', span: [start, start + 2] },
            'a\u0007.json',
            { expressions: new Map([['/relations/0/e\u001bxpr', expr]]) },
        );
        expect(text).to.equal(
            [
                'error[E-NAME-UNKNOWN]: "\\u{202E}zz" is not a field',
                '  --> a\\u{7}.json at /relations/0/e\\u{1B}xpr',
                '   |',
                "   | '\\u{1B}[31m😀請' == zz\\u{D}",
                '   |                     ^^',
                '   = help: svc explain E-NAME-UNKNOWN',
            ].join('\n'),
        );
    });
});
