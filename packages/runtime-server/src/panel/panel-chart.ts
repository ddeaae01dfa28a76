// Reads per day as an inline SVG bar chart: no chart library and no script, so it renders under the
// strict CSP and is readable without JavaScript. The same numbers are in a table for screen readers.
import type { DailyReads } from '../store/panel-store-types.js';
import { html, type Safe } from './panel-html.js';

const DAY_MS = 86_400_000;

/** The last `days` UTC days ending today, oldest first, days without reads as 0. */
export function fillDays(rows: readonly DailyReads[], now: number, days = 30): DailyReads[] {
    const byDay = new Map(rows.map((r) => [r.day, r.reads]));
    const out: DailyReads[] = [];
    for (let i = days - 1; i >= 0; i--) {
        const day = new Date(now - i * DAY_MS).toISOString().slice(0, 10);
        out.push({ day, reads: byDay.get(day) ?? 0 });
    }
    return out;
}

/** A readable axis maximum: 1, 2, 5 × 10^n at or above `max`. */
function niceMax(max: number): number {
    if (max <= 4) return 4;
    const p = 10 ** Math.floor(Math.log10(max));
    return [1, 2, 4, 10].map((m) => m * p).find((v) => v >= max)!;
}

export function readsChart(days: readonly DailyReads[]): Safe {
    const W = 600,
        H = 180,
        left = 36,
        bottom = 22,
        top = 8;
    const max = niceMax(Math.max(0, ...days.map((d) => d.reads)));
    const slot = (W - left) / days.length;
    const y = (v: number): number => top + (H - top - bottom) * (1 - v / max);
    const bars = days.map((d, i) => {
        const x = left + i * slot + slot * 0.15;
        const h = y(0) - y(d.reads);
        return html`<rect class="bar" x="${x.toFixed(1)}" y="${y(d.reads).toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${h.toFixed(1)}"><title>${d.day}: ${d.reads} reads</title></rect>`;
    });
    const ticks = [0, max / 2, max].map(
        (v) =>
            html`<line class="grid" x1="${left}" x2="${W}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}"/><text class="axis" x="${left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v}</text>`,
    );
    // First and last labels anchored inwards, so narrow screens do not clip them.
    const labels = (
        [
            [0, 'start', left],
            [Math.floor(days.length / 2), 'middle', left + (Math.floor(days.length / 2) + 0.5) * slot],
            [days.length - 1, 'end', W],
        ] as const
    ).map(
        ([i, anchor, x]) =>
            html`<text class="axis" x="${x.toFixed(1)}" y="${H - 4}" text-anchor="${anchor}">${days[i]!.day.slice(5)}</text>`,
    );
    const total = days.reduce((s, d) => s + d.reads, 0);
    return html`<figure class="chart"><svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="chart-title"><title id="chart-title">Reads charged per day, last ${days.length} days: ${total} in all</title>${ticks}${bars}${labels}</svg>
<figcaption>Reads charged per day (UTC), last ${days.length} days: ${total} in all.</figcaption></figure>
<details><summary>Reads per day as a table</summary><div class="scroll"><table><thead><tr><th scope="col">Day</th><th scope="col">Reads</th></tr></thead><tbody>${days.filter((d) => d.reads > 0).map((d) => html`<tr><td>${d.day}</td><td>${d.reads}</td></tr>`)}</tbody></table></div></details>`;
}
