// A hover shows a schema's own text as text: rendered by marked in GFM mode (what VS Code renders
// hovers with; it links a bare "https://…" too) and by markdown-it with links found in text, a
// description, a name, a hint or an enum label makes no link, image, emphasis or HTML.
import { createRequire } from 'node:module';
import { expect } from 'chai';
import fc from 'fast-check';
import { Marked } from 'marked';
import { readJson } from '@svc/compiler';
import { fieldMarkdown } from '../src/features/field-describe.js';
import { codeSpan, markdownText } from '../src/features/markdown-text.js';

type Renderer = { render(markdown: string): string; renderInline(markdown: string): string };
const MarkdownIt = createRequire(import.meta.url)('markdown-it') as new (options?: object) => Renderer;
const markdownIt = new MarkdownIt({ html: false, linkify: true });
const marked = new Marked({ gfm: true, async: false });
/** Both renderers, each as a block and inline. */
const RENDERERS = [
    { name: 'marked (GFM)', block: (s: string) => marked.parse(s) as string, inline: (s: string) => marked.parseInline(s) as string },
    { name: 'markdown-it (linkify)', block: (s: string) => markdownIt.render(s), inline: (s: string) => markdownIt.renderInline(s) },
];
/** The text of rendered HTML: tags dropped, entities read. */
const textOf = (html: string): string =>
    html
        .replace(/<[^>]*>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .trim();

describe('schema text in hovers', () => {
    for (const r of RENDERERS) {
        it(`renders a hostile description and hint as text with ${r.name}: no image, no link, no breaking out of a code span`, () => {
            const description =
                'Company. ![t](https://attacker.example/beacon.png?u=me) <img src=x> [click](https://e.example) https://bare.example/x www.example.com a@b.co';
            const node = readJson(
                JSON.stringify({
                    name: 'supp*lier',
                    type: 'enum',
                    labels: ['a` [x](https://e.example) `'],
                    description,
                    hints: ['x` [click](https://attacker.example) `'],
                }),
            ).root;
            if (node?.kind !== 'object') throw new Error('not an object');
            const html = r.block(fieldMarkdown({ name: 'supp*lier', node, index: 0 } as Parameters<typeof fieldMarkdown>[0]));
            expect(html).to.not.match(/<(a|img|em)\b/);
            expect(html.match(/<strong>[^<]*<\/strong>/g)).to.deep.equal(['<strong>supp*lier</strong>']);
            expect(textOf(html)).to.contain(description);
            expect(textOf(html)).to.contain('["x` [click](https://attacker.example) `"]');
        });
    }

    it('markdownText and codeSpan render back to the text they were given (marked and markdown-it)', () => {
        const text = fc.string({
            unit: fc.constantFrom(
                'a',
                'w',
                ' ',
                '`',
                '*',
                '_',
                '[',
                ']',
                '(',
                ')',
                '!',
                '<',
                '>',
                '#',
                '-',
                '.',
                '\\',
                '&',
                '|',
                '~',
                '1',
                ':',
                '/',
                '@',
                'http',
            ),
        });
        fc.assert(
            fc.property(text, (s) => {
                const t = s.trim().replace(/\s+/g, ' ');
                fc.pre(t.length > 0);
                for (const r of RENDERERS) {
                    const html = r.inline(markdownText(t));
                    expect(html, r.name).to.not.match(/<(a|img|em|strong)\b/);
                    expect(textOf(html), r.name).to.equal(t);
                    expect(textOf(r.inline(codeSpan(t))), r.name).to.equal(t);
                }
            }),
            { numRuns: 500 },
        );
    });
});
