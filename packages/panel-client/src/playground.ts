// The playground (docs/panel.md): a schema editor with the compiler's diagnostics underlined as you
// type, a document, Run, and the result with its evidence. Everything from the document or the
// service is put in the page as text nodes (textContent), never as HTML, so markup in a document
// is shown, not interpreted.
import { edit, runExtraction, PanelApiError, type Extraction } from './panel-api.js';
import { el, clear } from './dom.js';
import { renderResult, type ResultActions } from './result-view.js';
import { lineColumn, schemaDiagnostics, type PlacedDiagnostic } from './schema-diagnostics.js';

declare const EXAMPLE_SCHEMA: string;
declare const EXAMPLE_DOCUMENT: string;

/** Above this size diagnostics wait for a pause in typing instead of following every keystroke. */
const LIVE_LIMIT = 200_000;

export function initPlayground(root: HTMLElement): void {
    const schema = root.querySelector<HTMLTextAreaElement>('#schema')!;
    const overlay = root.querySelector<HTMLElement>('.overlay')!;
    const list = root.querySelector<HTMLUListElement>('#diagnostics')!;
    const summary = root.querySelector<HTMLElement>('#diag-summary')!;
    const documentInput = root.querySelector<HTMLTextAreaElement>('#document')!;
    const language = root.querySelector<HTMLSelectElement>('#language')!;
    const run = root.querySelector<HTMLButtonElement>('#run')!;
    const status = root.querySelector<HTMLElement>('#run-status')!;
    const alert = root.querySelector<HTMLElement>('#run-error')!;
    const result = document.getElementById('result')!;
    if (schema.value === '') schema.value = EXAMPLE_SCHEMA;
    if (documentInput.value === '') documentInput.value = EXAMPLE_DOCUMENT;

    let current: PlacedDiagnostic[] = [];
    const check = (): void => {
        current = schemaDiagnostics(schema.value);
        drawUnderlines(overlay, schema.value, current);
        drawList(list, summary, schema, current);
        run.setAttribute('aria-describedby', 'diag-summary');
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    schema.addEventListener('input', () => {
        clearTimeout(timer);
        if (schema.value.length > LIVE_LIMIT) timer = setTimeout(check, 300);
        else check();
    });
    schema.addEventListener('scroll', () => {
        overlay.scrollTop = schema.scrollTop;
        overlay.scrollLeft = schema.scrollLeft;
    });
    check();

    let extraction: Extraction | undefined;
    const show = (x: Extraction, message: string): void => {
        extraction = x;
        renderResult(result, x, actions);
        status.textContent = message;
    };
    const fail = (e: unknown): void => {
        clear(alert);
        if (e instanceof PanelApiError && e.status === 402) {
            alert.append(el('p', {}, `Out of credit (402): ${e.message} `), el('p', {}, el('a', { href: '/panel/usage#add-credit' }, 'How to add credit')));
        } else if (e instanceof PanelApiError) {
            alert.append(el('p', {}, `${e.status} ${e.code}: ${e.message}`), ...e.details.slice(0, 20).map((d) => el('p', { class: 'detail' }, `${d.code}: ${d.message}`)));
        } else {
            alert.append(el('p', {}, 'The request failed; check your connection and try again.'));
        }
        status.textContent = '';
    };
    const editWith = async (action: Record<string, unknown>, done: string): Promise<void> => {
        if (!extraction) return;
        clear(alert);
        try {
            show(await edit(extraction, action), `${done} Revision ${extraction.revision + 1}; no reads used.`);
        } catch (e) {
            fail(e);
        }
    };
    const actions: ResultActions = {
        async retract(mentionId) {
            const x = extraction!;
            const m = x.response.mentions.find((k) => k.id === mentionId);
            if (!m) return;
            // A bundle holding only this mention is retracted whole; otherwise the single mention is
            // withdrawn by reconciliation (preview, then apply), as the interface prescribes.
            const alone = x.response.mentions.filter((k) => k.bundle === m.bundle).length === 1;
            if (alone) return editWith({ action: 'retract', bundle: m.bundle }, `Retracted “${m.quote}” (${m.field}).`);
            try {
                const preview = await edit<{ plan: string }>(x, { action: 'preview_reconciliation', intent: `Retract mention ${m.id} in the panel`, withdraw: [{ bundle: m.bundle, mention: Number(m.id) }] });
                await editWith({ action: 'reconcile', plan: preview.plan }, `Retracted “${m.quote}” (${m.field}).`);
            } catch (e) {
                fail(e);
            }
        },
        insert(field, quote) {
            return editWith({ action: 'insert', candidate: { slot: field, quote, p: 0.9 } }, `Inserted “${quote}” as ${field}.`);
        },
        async preview(withdraw) {
            clear(alert);
            try {
                return await edit(extraction!, { action: 'preview_reconciliation', intent: 'Repair chosen in the panel', withdraw });
            } catch (e) {
                fail(e);
                return undefined;
            }
        },
        apply(plan) {
            return editWith({ action: 'reconcile', plan }, 'Applied the repair.');
        },
    };

    run.addEventListener('click', async () => {
        clear(alert);
        let parsed: unknown;
        try {
            parsed = JSON.parse(schema.value);
        } catch {
            alert.append(el('p', {}, 'The schema is not valid JSON; fix the errors underlined above first.'));
            return;
        }
        run.disabled = true;
        status.textContent = 'Running…';
        try {
            const x = await runExtraction(parsed, documentInput.value, language.value);
            show(x, `Extracted with ${x.usage.reads} read${x.usage.reads === 1 ? '' : 's'}.`);
            document.getElementById('result-title')?.focus();
        } catch (e) {
            fail(e);
        } finally {
            run.disabled = false;
        }
    });
}

function drawUnderlines(overlay: HTMLElement, text: string, diagnostics: readonly PlacedDiagnostic[]): void {
    const ranges = diagnostics.map((d) => ({ start: d.start, end: Math.max(d.end, d.start + 1), severity: d.severity })).sort((a, b) => a.start - b.start);
    const parts: Node[] = [];
    let at = 0;
    for (const r of ranges) {
        if (r.start < at) continue; // overlapping: the first one drawn; every one is in the list
        parts.push(document.createTextNode(text.slice(at, r.start)));
        // A range past the text's end (a missing closing brace) underlines a space after it.
        parts.push(el('span', { class: `squiggle ${r.severity}` }, r.start >= text.length ? ' ' : text.slice(r.start, r.end)));
        at = Math.min(r.end, text.length);
    }
    parts.push(document.createTextNode(`${text.slice(at)}\n`));
    overlay.replaceChildren(...parts);
}

function drawList(list: HTMLUListElement, summary: HTMLElement, schema: HTMLTextAreaElement, diagnostics: readonly PlacedDiagnostic[]): void {
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = diagnostics.length - errors;
    summary.textContent = diagnostics.length === 0 ? 'The schema compiles: no errors.' : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.`;
    list.replaceChildren(...diagnostics.slice(0, 100).map((d) => {
        const { line, column } = lineColumn(schema.value, d.start);
        const go = el('button', { type: 'button', class: 'link' }, `line ${line}, column ${column}`);
        go.addEventListener('click', () => {
            schema.focus();
            schema.setSelectionRange(d.start, Math.max(d.end, d.start));
        });
        return el('li', { class: d.severity }, el('strong', {}, `${d.severity}[${d.diagnostic.code}]`), ` ${d.diagnostic.message} `, el('span', { class: 'pointer' }, d.diagnostic.pointer || '(schema)'), ' ', go);
    }));
}
