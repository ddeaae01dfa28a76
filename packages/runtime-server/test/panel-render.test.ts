// The panel's server-side rendering: escaping by construction, and the reads-per-day chart.
import { expect } from 'chai';
import fc from 'fast-check';
import { fillDays, readsChart } from '../src/panel/panel-chart.js';
import { escapeHtml, html } from '../src/panel/panel-html.js';

describe('panel rendering', () => {
    it('html escapes every interpolated value unless it is html itself', () => {
        const name = '<img src=x onerror="alert(1)">&\'';
        expect(html`<td>${name}</td>`.text).to.equal('<td>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;</td>');
        expect(html`<p>${html`<b>${name}</b>`}</p>`.text).to.equal(`<p><b>${escapeHtml(name)}</b></p>`);
        expect(html`${[1, 'a<', null, undefined, false]}`.text).to.equal('1a&lt;');
        fc.assert(
            fc.property(fc.string(), (s) => {
                expect(html`<p title="${s}">${s}</p>`.text)
                    .to.not.match(/<(?!\/?p[ >])/)
                    .and.not.match(/="[^"]*"[^>]*"/);
            }),
            { numRuns: 2000 },
        );
    });

    it('fillDays gives the last 30 UTC days, oldest first, with zeros where nothing was read', () => {
        const now = Date.parse('2026-03-02T23:59:00Z');
        const days = fillDays(
            [
                { day: '2026-02-01', reads: 9 },
                { day: '2026-03-01', reads: 4 },
                { day: '2026-03-02', reads: 2 },
            ],
            now,
        );
        expect(days).to.have.length(30);
        expect(days[0]).to.deep.equal({ day: '2026-02-01', reads: 9 });
        expect(days.at(-1)).to.deep.equal({ day: '2026-03-02', reads: 2 });
        expect(days.at(-2)).to.deep.equal({ day: '2026-03-01', reads: 4 });
        expect(days.reduce((s, d) => s + d.reads, 0)).to.equal(15);
    });

    it('the chart has one bar per day, a readable scale, the total, and a table of the days with reads', () => {
        const days = fillDays([{ day: '2026-03-02', reads: 37 }], Date.parse('2026-03-02T12:00:00Z'));
        const svg = readsChart(days).text;
        expect(svg.match(/<rect class="bar"/g)).to.have.length(30);
        expect(svg).to.include('>40</text>').and.include('>20</text>').and.include('37 in all');
        expect(svg).to.include('<tr><td>2026-03-02</td><td>37</td></tr>');
        expect(readsChart(fillDays([], Date.now())).text).to.include('>4</text>'); // an empty month still has an axis
    });
});
