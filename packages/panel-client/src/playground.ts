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

/** The playground's elements. */
interface Parts {
    schema: HTMLTextAreaElement;
    overlay: HTMLElement;
    list: HTMLUListElement;
    summary: HTMLElement;
    documentInput: HTMLTextAreaElement;
    language: HTMLSelectElement;
    run: HTMLButtonElement;
    status: HTMLElement;
    alert: HTMLElement;
    result: HTMLElement;
}

/** The extraction on show, if any, and the elements its result and errors go to. */
interface Session {
    parts: Parts;
    extraction?: Extraction;
    actions?: ResultActions;
}

export function initPlayground(root: HTMLElement): void {
    const parts = findParts(root);
    if (parts.schema.value === '') parts.schema.value = EXAMPLE_SCHEMA;
    if (parts.documentInput.value === '') parts.documentInput.value = EXAMPLE_DOCUMENT;
    watchSchema(parts);
    const session: Session = { parts };
    session.actions = resultActions(session);
    parts.run.addEventListener('click', () => runClicked(session));
}

function findParts(root: HTMLElement): Parts {
    return {
        schema: root.querySelector<HTMLTextAreaElement>('#schema')!,
        overlay: root.querySelector<HTMLElement>('.overlay')!,
        list: root.querySelector<HTMLUListElement>('#diagnostics')!,
        summary: root.querySelector<HTMLElement>('#diag-summary')!,
        documentInput: root.querySelector<HTMLTextAreaElement>('#document')!,
        language: root.querySelector<HTMLSelectElement>('#language')!,
        run: root.querySelector<HTMLButtonElement>('#run')!,
        status: root.querySelector<HTMLElement>('#run-status')!,
        alert: root.querySelector<HTMLElement>('#run-error')!,
        result: document.getElementById('result')!,
    };
}

/** Underlines and lists the schema's diagnostics now and after each edit. */
function watchSchema(parts: Parts): void {
    const { schema, overlay, list, summary, run } = parts;
    const check = (): void => {
        const current = schemaDiagnostics(schema.value);
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
}

function show(session: Session, x: Extraction, message: string): void {
    session.extraction = x;
    renderResult(session.parts.result, x, session.actions!);
    session.parts.status.textContent = message;
}

function fail(parts: Parts, e: unknown): void {
    const { alert } = parts;
    clear(alert);
    if (e instanceof PanelApiError && e.status === 402) {
        alert.append(
            el('p', {}, `Out of credit (402): ${e.message} `),
            el('p', {}, el('a', { href: '/panel/usage#add-credit' }, 'How to add credit')),
        );
    } else if (e instanceof PanelApiError) {
        alert.append(
            el('p', {}, `${e.status} ${e.code}: ${e.message}`),
            ...e.details.slice(0, 20).map((d) => el('p', { class: 'detail' }, `${d.code}: ${d.message}`)),
        );
    } else {
        alert.append(el('p', {}, 'The request failed; check your connection and try again.'));
    }
    parts.status.textContent = '';
}

async function editWith(session: Session, action: Record<string, unknown>, done: string): Promise<void> {
    const extraction = session.extraction;
    if (!extraction) return;
    clear(session.parts.alert);
    try {
        show(session, await edit(extraction, action), `${done} Revision ${session.extraction!.revision + 1}; no reads used.`);
    } catch (e) {
        fail(session.parts, e);
    }
}

/** What the result view's buttons do: edits of the extraction on show. */
function resultActions(session: Session): ResultActions {
    const { parts } = session;
    return {
        async retract(mentionId) {
            const x = session.extraction!;
            const m = x.response.mentions.find((k) => k.id === mentionId);
            if (!m) return;
            // A bundle holding only this mention is retracted whole; otherwise the single mention is
            // withdrawn by reconciliation (preview, then apply), as the interface prescribes.
            const alone = x.response.mentions.filter((k) => k.bundle === m.bundle).length === 1;
            if (alone) return editWith(session, { action: 'retract', bundle: m.bundle }, `Retracted “${m.quote}” (${m.field}).`);
            try {
                const preview = await edit<{ plan: string }>(x, {
                    action: 'preview_reconciliation',
                    intent: `Retract mention ${m.id} in the panel`,
                    withdraw: [{ bundle: m.bundle, mention: Number(m.id) }],
                });
                await editWith(session, { action: 'reconcile', plan: preview.plan }, `Retracted “${m.quote}” (${m.field}).`);
            } catch (e) {
                fail(parts, e);
            }
        },
        insert(field, quote, start) {
            const candidate = { slot: field, quote, p: 0.9, ...(start === undefined ? {} : { start }) };
            return editWith(session, { action: 'insert', candidate }, `Inserted “${quote}” as ${field}.`);
        },
        async preview(withdraw) {
            clear(parts.alert);
            try {
                return await edit(session.extraction!, {
                    action: 'preview_reconciliation',
                    intent: 'Repair chosen in the panel',
                    withdraw,
                });
            } catch (e) {
                fail(parts, e);
                return undefined;
            }
        },
        apply(plan) {
            return editWith(session, { action: 'reconcile', plan }, 'Applied the repair.');
        },
    };
}

/** Run: checks the schema is JSON, then extracts and shows the result. */
async function runClicked(session: Session): Promise<void> {
    const { schema, documentInput, language, run, status, alert } = session.parts;
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
        const x = await runExtraction(parsed, documentInput.value, language.value, showCredit);
        show(session, x, `Extracted with ${x.usage.reads} read${x.usage.reads === 1 ? '' : 's'}.`);
        document.getElementById('result-title')?.focus();
    } catch (e) {
        fail(session.parts, e);
    } finally {
        run.disabled = false;
    }
}

/** The page's "(N left)": the credit a Run's answer reports, so it never shows the number the page was loaded with. */
function showCredit(reads: number): void {
    const left = document.getElementById('credit-left');
    if (left) left.textContent = String(reads);
}

function drawUnderlines(overlay: HTMLElement, text: string, diagnostics: readonly PlacedDiagnostic[]): void {
    const ranges = diagnostics
        .map((d) => ({ start: d.start, end: Math.max(d.end, d.start + 1), severity: d.severity }))
        .sort((a, b) => a.start - b.start);
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

function drawList(
    list: HTMLUListElement,
    summary: HTMLElement,
    schema: HTMLTextAreaElement,
    diagnostics: readonly PlacedDiagnostic[],
): void {
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = diagnostics.length - errors;
    summary.textContent =
        diagnostics.length === 0
            ? 'The schema compiles: no errors.'
            : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.`;
    list.replaceChildren(
        ...diagnostics.slice(0, 100).map((d) => {
            const { line, column } = lineColumn(schema.value, d.start);
            const go = el('button', { type: 'button', class: 'link' }, `line ${line}, column ${column}`);
            go.addEventListener('click', () => {
                schema.focus();
                schema.setSelectionRange(d.start, Math.max(d.end, d.start));
            });
            return el(
                'li',
                { class: d.severity },
                el('strong', {}, `${d.severity}[${d.diagnostic.code}]`),
                ` ${d.diagnostic.message} `,
                el('span', { class: 'pointer' }, d.diagnostic.pointer || '(schema)'),
                ' ',
                go,
            );
        }),
    );
}
