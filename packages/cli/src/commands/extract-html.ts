// `svc extract --html FILE`: one self-contained page per run, an evidence viewer. Each document is
// shown with every mention highlighted in its field's colour (hover: field, value, p), followed by
// the field table and the conflicts with their repairs. Everything from the document or the schema
// is escaped, and the page's Content-Security-Policy allows no script and nothing from outside, so
// markup inside a document is shown as text and never interpreted.
import type { ExtractionObject } from '@svc/extraction';
import { repairText, valueText, viewOf, type ViewMention } from './extract-view.js';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A distinct, readable background per field (golden-angle hues). */
function colour(index: number): string {
    return `hsl(${Math.round((index * 137.508) % 360)} 80% 82%)`;
}

/** The document as HTML with mentions marked; offsets count code points, as the API's do. */
function markedDocument(document: string, mentions: ViewMention[], colourOf: (field: string) => string): string {
    const chars = Array.from(document);
    const cuts = new Set<number>([0, chars.length]);
    for (const m of mentions) {
        cuts.add(Math.max(0, Math.min(m.start, chars.length)));
        cuts.add(Math.max(0, Math.min(m.end, chars.length)));
    }
    const points = [...cuts].sort((a, b) => a - b);
    let out = '';
    for (let i = 0; i + 1 < points.length; i++) {
        const [a, b] = [points[i]!, points[i + 1]!];
        const text = escapeHtml(chars.slice(a, b).join(''));
        const covering = mentions.filter((m) => m.start <= a && m.end >= b && m.end > m.start);
        if (covering.length === 0) {
            out += text;
            continue;
        }
        const title = covering.map((m) => `${m.field} = ${valueText(m.value)} (p ${m.p.toFixed(2)})`).join('\n');
        out += `<mark style="background:${colourOf(covering[0]!.field)}" title="${escapeHtml(title)}">${text}</mark>`;
    }
    return out;
}

function section(file: string, ex: ExtractionObject, colourOf: (field: string) => string): string {
    const view = viewOf(ex);
    const mentions = [...view.mentions.values()].sort((a, b) => a.start - b.start || b.end - a.end);
    const rows = view.fields.map(
        ([name, f]) =>
            `<tr><td><span class="sw" style="background:${colourOf(name)}"></span>${escapeHtml(name)}</td>` +
            `<td class="st-${escapeHtml(f.status)}">${escapeHtml(f.status)}</td><td>${escapeHtml(valueText(f.value))}</td><td>${f.confidence.toFixed(2)}</td></tr>`,
    );
    const conflicts = view.conflicts.map((c) => {
        const readings = c.mentions
            .map((id) => view.mentions.get(id))
            .filter((m): m is ViewMention => m !== undefined)
            .map(
                (m) =>
                    `<li>${escapeHtml(m.field)} = ${escapeHtml(valueText(m.value))} from “${escapeHtml(m.quote)}” at ${m.start}..${m.end} (p ${m.p.toFixed(2)})</li>`,
            );
        const repairs = c.repairs.map((r) => `<li>repair: ${escapeHtml(repairText(r, view.mentions))}</li>`);
        const about = c.relations.length ? `breaks ${c.relations.join(', ')}` : 'the document disagrees';
        return `<div class="conflict"><b>${escapeHtml(c.kind)}</b>: ${escapeHtml(c.fields.join(', '))} — ${escapeHtml(about)}<ul>${readings.join('')}${repairs.join('')}</ul></div>`;
    });
    const warnings = ex.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join('');
    return [
        `<section><h2>${escapeHtml(file)}</h2>`,
        `<pre class="doc">${markedDocument(ex.document, mentions, colourOf)}</pre>`,
        `<table><thead><tr><th>field</th><th>status</th><th>value</th><th>confidence</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
        conflicts.length ? `<h3>Conflicts</h3>${conflicts.join('')}` : '',
        warnings ? `<h3>Warnings</h3><ul>${warnings}</ul>` : '',
        '</section>',
    ].join('\n');
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2em;max-width:72em;color:#222}
pre.doc{white-space:pre-wrap;border:1px solid #ccc;padding:1em;background:#fcfcfc;font:13px/1.5 ui-monospace,monospace}
mark{border-radius:3px;padding:0 1px;cursor:help}table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ddd;padding:.25em .6em;text-align:left}.sw{display:inline-block;width:.9em;height:.9em;margin-right:.4em;border-radius:2px;vertical-align:-1px}
.st-found{color:#176d2c}.st-conflict{color:#b00020;font-weight:bold}.st-missing{color:#888}.conflict{border-left:4px solid #b00020;padding:.2em .8em;margin:.6em 0;background:#fff5f5}`;

/** The whole page for one run: every document of it, in the order given. */
export function evidencePage(files: readonly string[], results: readonly ExtractionObject[]): string {
    const names = new Map<string, number>();
    for (const ex of results) for (const [name] of viewOf(ex).fields) if (!names.has(name)) names.set(name, names.size);
    const colourOf = (field: string): string => colour(names.get(field) ?? 0);
    return [
        '<!doctype html>',
        '<html lang="en"><head><meta charset="utf-8">',
        // No script, no fetches: only the inline style below may apply.
        `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
        '<title>svc extract — evidence</title>',
        `<style>${STYLE}</style></head><body>`,
        `<h1>svc extract — evidence</h1><p>Hover a highlighted quote for its field, value and p.</p>`,
        ...results.map((ex, i) => section(files[i]!, ex, colourOf)),
        '</body></html>',
        '',
    ].join('\n');
}
