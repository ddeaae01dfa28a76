// The panel's colours (panel.css): the focus ring stands out 3:1 against every background it is
// drawn on (WCAG 1.4.11), and the playground's field highlights look different for all 32 fields a
// schema may have while their text keeps its contrast.
import { expect } from 'chai';
import { COLOURS, UNDERLINES, fieldStyle } from '../src/field-palette.js';
import { contrast, cssVar, ruleValue } from './contrast.js';

describe('panel colours', () => {
    it('the focus ring has 3:1 or more against white, the page, the new-key box and the header', () => {
        const focus = cssVar('focus');
        const backgrounds = {
            white: cssVar('card'),
            page: cssVar('bg'),
            newKey: ruleValue('.new-key', 'background')!,
            header: ruleValue('header', 'background')!,
        };
        for (const [where, bg] of Object.entries(backgrounds)) expect(contrast(focus, bg), `${focus} on ${where} ${bg}`).to.be.at.least(3);
        expect(ruleValue(':focus-visible', 'outline')).to.equal('3px solid var(--focus)');
    });

    it('the first 32 fields each get their own look: 8 colours times 4 underline styles', () => {
        const looks = Array.from({ length: 32 }, (_, i) => fieldStyle(i));
        expect(new Set(looks).size).to.equal(32);
        expect(COLOURS * UNDERLINES).to.equal(32);
        expect(fieldStyle(0)).to.equal('c0 u0');
        expect(fieldStyle(8)).to.equal('c0 u1');
        expect(fieldStyle(15)).to.equal('c7 u1');
    });

    it('every colour has its rule, the text on it 4.5:1 and its underline 3:1; every underline style differs', () => {
        const text = cssVar('fg');
        const underline = cssVar('muted');
        expect(ruleValue('mark.m', 'border-bottom')).to.equal('2px solid var(--muted)');
        for (let c = 0; c < COLOURS; c++) {
            const bg = ruleValue(`.c${c}`, 'background')!;
            expect(bg, `.c${c}`).to.match(/^#[0-9a-f]{6}$/);
            expect(contrast(text, bg), `text on .c${c}`).to.be.at.least(4.5);
            expect(contrast(underline, bg), `underline on .c${c}`).to.be.at.least(3);
        }
        const styles = ['solid', ...[1, 2, 3].map((u) => ruleValue(`:is(mark.m, .swatch).u${u}`, 'border-bottom-style'))];
        expect(new Set(styles).size).to.equal(UNDERLINES);
    });
});
