// The panel's colours (panel.css): the focus ring stands out 3:1 against every background it is
// drawn on (WCAG 1.4.11).
import { expect } from 'chai';
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
});
