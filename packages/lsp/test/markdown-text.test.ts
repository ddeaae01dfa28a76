// A hover shows a schema's own text as text: rendered by markdown-it (the renderer VS Code uses),
// a description, a name, a hint or an enum label makes no link, image, emphasis or HTML.
import { createRequire } from 'node:module';
import { expect } from 'chai';
import fc from 'fast-check';
import { readJson } from '@svc/compiler';
import { fieldMarkdown } from '../src/features/field-describe.js';
import { codeSpan, markdownText } from '../src/features/markdown-text.js';

type Renderer = { render(markdown: string): string; renderInline(markdown: string): string; utils: { escapeHtml(s: string): string } };
const MarkdownIt = createRequire(import.meta.url)('markdown-it') as new (options?: object) => Renderer;
const md = new MarkdownIt({ html: false, linkify: false });
/** The text of rendered HTML: tags dropped, entities read. */
const textOf = (html: string): string =>
    html
        .replace(/<[^>]*>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .trim();

describe('schema text in hovers', () => {
    it('renders a hostile description and hint as text: no image, no link, no breaking out of a code span', () => {
        const node = readJson(
            JSON.stringify({
                name: 'supp*lier',
                type: 'enum',
                labels: ['a` [x](https://e.example) `'],
                description: 'Company. ![t](https://attacker.example/beacon.png?u=me) <img src=x> [click](https://e.example)',
                hints: ['x` [click](https://attacker.example) `'],
            }),
        ).root;
        if (node?.kind !== 'object') throw new Error('not an object');
        const html = md.render(fieldMarkdown({ name: 'supp*lier', node, index: 0 } as Parameters<typeof fieldMarkdown>[0]));
        expect(html).to.not.match(/<(a|img|em|strong(?![^>]*>supp\*lier))\b/);
        expect(html).to.contain('<strong>supp*lier</strong>');
        expect(html).to.contain('![t](https://attacker.example/beacon.png?u=me) &lt;img src=x&gt; [click](https://e.example)');
        expect(html).to.contain('<code>[&quot;x` [click](https://attacker.example) `&quot;]</code>');
    });

    it('markdownText and codeSpan render back to the text they were given', () => {
        const text = fc.string({
            unit: fc.constantFrom('a', ' ', '`', '*', '_', '[', ']', '(', ')', '!', '<', '>', '#', '-', '.', '\\', '&', '|', '~', '1'),
        });
        fc.assert(
            fc.property(text, (s) => {
                const t = s.trim().replace(/\s+/g, ' ');
                fc.pre(t.length > 0);
                expect(textOf(md.renderInline(markdownText(t)))).to.equal(t);
                expect(md.renderInline(codeSpan(t))).to.equal(`<code>${md.utils.escapeHtml(t)}</code>`);
            }),
            { numRuns: 500 },
        );
    });
});
