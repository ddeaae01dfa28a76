// The result of a Run or an edit: the document with every mention highlighted in its field's colour
// (hover or focus shows field, value and p; click, Enter or Space retracts it), a form to insert a
// quote (filled from a selection in the document), the field table, and each conflict with its
// repairs to preview and apply.
import type { Extraction, Mention, Preview, Repair } from './panel-api.js';
import { clear, el } from './dom.js';
import { fieldStyle } from './field-palette.js';
import { codePointsBefore, utf16Positions } from './text-offsets.js';

export interface ResultActions {
    retract(mentionId: string): Promise<void>;
    /** `start`: the code-point offset of the occurrence meant, when the quote was selected in the document. */
    insert(field: string, quote: string, start?: number): Promise<void>;
    preview(withdraw: Repair['withdraw']): Promise<Preview | undefined>;
    apply(plan: string): Promise<void>;
}

export function formatValue(v: unknown): string {
    if (v === null || v === undefined) return '—';
    if (typeof v === 'object' && v !== null && 'amount' in v && 'currency' in v)
        return `${(v as { amount: string }).amount} ${(v as { currency: string }).currency}`;
    if (Array.isArray(v)) return v.map(formatValue).join(', ');
    return typeof v === 'string' ? v : JSON.stringify(v);
}

function mentionLabel(m: Mention): string {
    return `${m.field}: ${formatValue(m.value)} (p ${m.p}). Activate to retract.`;
}

function activate(node: HTMLElement, action: () => void): void {
    node.addEventListener('click', (e) => {
        e.stopPropagation(); // a nested mark acts alone, not its enclosing one too
        if (!window.getSelection()?.isCollapsed) return; // ending a text selection is not a click
        action();
    });
    node.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            e.stopPropagation();
            action();
        }
    });
}

function documentView(x: Extraction, view: HTMLElement, colour: Map<string, number>, actions: ResultActions): HTMLElement {
    // Code-point offsets (the interface's) to UTF-16 positions of the text.
    const utf16 = utf16Positions(x.document);
    // Mentions inside another (the same quote read for two fields, "10.00" inside "EUR 10.00") are
    // nested marks; one that crosses another's edge cannot nest and is listed under the document.
    const text = x.document;
    const spans = x.response.mentions
        .map((m) => ({ m, s: utf16[m.start] ?? text.length, e: utf16[m.end] ?? text.length }))
        .sort((a, b) => a.s - b.s || b.e - a.e || b.m.p - a.m.p);
    const drawn = new Set<string>();
    const build = (into: HTMLElement, start: number, end: number, items: typeof spans): void => {
        let at = start;
        for (let i = 0; i < items.length;) {
            const it = items[i]!;
            if (it.s < at) {
                i++;
                continue;
            }
            into.append(text.slice(at, it.s));
            const inner: typeof spans = [];
            let j = i + 1;
            for (; j < items.length && items[j]!.s < it.e; j++) if (items[j]!.e <= it.e) inner.push(items[j]!);
            const m = it.m;
            const mark = el('mark', {
                class: `m ${fieldStyle(colour.get(m.field)!)}`,
                tabindex: '0',
                role: 'button',
                'aria-label': mentionLabel(m),
                title: `${m.field}: ${formatValue(m.value)} · p ${m.p}`,
                'data-tip': `${m.field} = ${formatValue(m.value)} · p ${m.p}`,
                'data-mention': m.id,
            });
            activate(mark, () => void actions.retract(m.id));
            build(mark, it.s, it.e, inner);
            into.append(mark);
            drawn.add(m.id);
            at = it.e;
            i = j;
        }
        into.append(text.slice(at, end));
    };
    build(view, 0, text.length, spans);
    const crossing = x.response.mentions.filter((m) => !drawn.has(m.id));
    if (crossing.length === 0) return view;
    const list = el('p', { class: 'hint' }, 'Overlapping mentions not highlighted: ');
    for (const m of crossing) {
        const b = el('button', { type: 'button', class: 'chip', 'aria-label': `Retract ${mentionLabel(m)}` }, `${m.field} “${m.quote}” ✕`);
        b.addEventListener('click', () => void actions.retract(m.id));
        list.append(b);
    }
    return el('div', {}, view, list);
}

function insertForm(x: Extraction, view: HTMLElement, actions: ResultActions): HTMLElement {
    const fields = Object.keys(x.response.fields);
    const select = el('select', { id: 'insert-field' }, ...fields.map((f) => el('option', { value: f }, f)));
    const quote = el('input', { id: 'insert-quote', autocomplete: 'off' });
    const button = el('button', { type: 'submit' }, 'Insert');
    const form = el(
        'form',
        { class: 'insert-form', 'aria-label': 'Add a mention' },
        el('label', { for: 'insert-field' }, 'Field'),
        select,
        el('label', { for: 'insert-quote' }, 'Quote'),
        quote,
        button,
        el('p', { class: 'hint' }, 'Select text in the document to fill the quote, choose a field, then Insert.'),
    );
    // The occurrence selected: the quote alone names only the first one in the document.
    let selected: { quote: string; start: number } | undefined;
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        // A quote typed or changed since the selection has no place; the service takes its first occurrence.
        const start = selected?.quote === quote.value ? selected.start : undefined;
        if (quote.value !== '') void actions.insert(select.value, quote.value, start);
    });
    const fromSelection = (): void => {
        const sel = window.getSelection();
        if (!sel || sel.isCollapsed || sel.rangeCount === 0) return;
        const range = sel.getRangeAt(0);
        if (!view.contains(range.startContainer) || !view.contains(range.endContainer)) return;
        // The view's text is the document's (marks hold only its text), so the text before the
        // selection gives its offset; Range.toString is that text exactly (Selection.toString is
        // the rendered text).
        const before = document.createRange();
        before.setStart(view, 0);
        before.setEnd(range.startContainer, range.startOffset);
        selected = { quote: range.toString(), start: codePointsBefore(x.document, before.toString().length) };
        quote.value = selected.quote;
    };
    view.addEventListener('mouseup', fromSelection);
    view.addEventListener('keyup', fromSelection);
    return form;
}

function fieldTable(x: Extraction, colour: Map<string, number>, actions: ResultActions): HTMLElement {
    const byId = new Map(x.response.mentions.map((m) => [m.id, m]));
    const rows = Object.entries(x.response.fields).map(([name, f]) => {
        const mentions = f.mentions
            .map((id) => byId.get(id))
            .filter((m): m is Mention => m !== undefined)
            .map((m) => {
                const b = el(
                    'button',
                    { type: 'button', class: 'chip', 'aria-label': `Retract “${m.quote}” (${name}, p ${m.p})` },
                    `“${m.quote}” ✕`,
                );
                b.addEventListener('click', () => void actions.retract(m.id));
                return b;
            });
        return el(
            'tr',
            {},
            el('th', { scope: 'row' }, el('span', { class: `swatch ${fieldStyle(colour.get(name)!)}`, 'aria-hidden': 'true' }), name),
            el('td', {}, el('span', { class: `status ${f.status}` }, f.status)),
            el('td', {}, formatValue(f.value)),
            el('td', {}, f.confidence.toFixed(2)),
            el('td', {}, ...(mentions.length ? mentions : ['—'])),
        );
    });
    return el(
        'div',
        { class: 'scroll' },
        el(
            'table',
            { class: 'fields' },
            el('caption', {}, 'Fields'),
            el(
                'thead',
                {},
                el('tr', {}, ...['Field', 'Status', 'Value', 'Confidence', 'Mentions'].map((h) => el('th', { scope: 'col' }, h))),
            ),
            el('tbody', {}, ...rows),
        ),
    );
}

function conflictList(x: Extraction, actions: ResultActions): HTMLElement {
    const byId = new Map(x.response.mentions.map((m) => [m.id, m]));
    const conflicts = x.response.components.flatMap((c) => c.conflicts);
    const box = el(
        'section',
        { class: 'conflicts', 'aria-labelledby': 'conflicts-title' },
        el('h3', { id: 'conflicts-title' }, `Conflicts (${conflicts.length})`),
    );
    if (conflicts.length === 0) box.append(el('p', {}, 'No conflicts.'));
    conflicts.forEach((k, i) => {
        const item = el(
            'div',
            { class: 'card conflict-card' },
            el(
                'p',
                {},
                el('strong', {}, `${k.kind}: `),
                `${k.fields.join(', ')}`,
                k.relations.length ? ` (relations ${k.relations.join(', ')})` : '',
            ),
        );
        if (k.repairs.length === 0) item.append(el('p', { class: 'hint' }, 'No repair found: retract or insert mentions instead.'));
        k.repairs.forEach((r, j) => {
            const what = r.withdraw
                .map((w) => {
                    const m = byId.get(String(w.mention));
                    return m ? `${m.field} “${m.quote}”` : `mention ${w.mention}`;
                })
                .join(', ');
            const out = el('div', { class: 'preview', 'aria-live': 'polite' });
            const previewButton = el('button', { type: 'button' }, 'Preview');
            previewButton.setAttribute('aria-label', `Preview repair ${j + 1} of conflict ${i + 1}`);
            previewButton.addEventListener('click', async () => {
                const p = await actions.preview(r.withdraw);
                if (!p) return;
                clear(out);
                const changes = Object.entries(p.impact).map(([f, c]) =>
                    el('li', {}, `${f}: ${formatValue(c.before)} → ${formatValue(c.after)}`),
                );
                const apply = el('button', { type: 'button' }, 'Apply');
                apply.addEventListener('click', () => void actions.apply(p.plan));
                out.append(el('ul', {}, ...(changes.length ? changes : [el('li', {}, 'No value changes.')])), apply);
                apply.focus();
            });
            item.append(el('div', { class: 'repair' }, el('span', {}, `Repair ${j + 1}: withdraw ${what}`), ' ', previewButton, out));
        });
        box.append(item);
    });
    return box;
}

export function renderResult(container: HTMLElement, x: Extraction, actions: ResultActions): void {
    const colour = new Map(Object.keys(x.response.fields).map((f, i) => [f, i]));
    const view = el('div', { class: 'doc', id: 'doc-view', role: 'group', 'aria-label': 'Text with its mentions' });
    container.hidden = false;
    container.replaceChildren(
        el('h2', { id: 'result-title', tabindex: '-1' }, 'Result'),
        el(
            'p',
            { class: 'hint' },
            `Revision ${x.revision}. Click a highlighted mention (or focus it and press Enter) to retract it; edits use no reads.`,
        ),
        documentView(x, view, colour, actions),
        insertForm(x, view, actions),
        fieldTable(x, colour, actions),
        conflictList(x, actions),
        ...(x.warnings.length
            ? [
                  el(
                      'details',
                      {},
                      el('summary', {}, `Warnings (${x.warnings.length})`),
                      el('ul', {}, ...x.warnings.map((w) => el('li', {}, w))),
                  ),
              ]
            : []),
    );
}
