// Completion inside expression strings: field names with their types, functions, keywords, typed
// literals; enum labels on the right of `==`/`!=` against an enum field; round modes as round's third
// argument. Inserted text is JSON-escaped: it lands between the quotes of a JSON string.
import { ROUND_MODES } from '@svc/compiler';
import { CompletionItemKind, InsertTextFormat, type CompletionItem } from 'vscode-languageserver';
import type { SchemaAnalysis } from '../documents/document-analysis.js';
import type { ExprSite } from '../documents/expr-site.js';
import { FUNCTIONS, KEYWORD_DOCS, LITERAL_SNIPPETS } from '../documents/language-facts.js';
import { escapeJsonContent } from '../text/string-map.js';
import { callFrame, literalAt, tokensBefore, wordStart } from './expr-context.js';
import { enumLabels, typeLabel } from './field-describe.js';

/** A completion whose edit is given as document offsets; the provider turns them into a range. */
export interface OffsetItem {
    item: CompletionItem;
    start: number;
    end: number;
    newText: string;
}

export function completeExpression(analysis: SchemaAnalysis, site: ExprSite, index: number): OffsetItem[] {
    const tokens = site.tokens;
    const text = site.text;
    const range = (from: number, to: number): [number, number] => site.map.sourceRange(from, to);

    const literal = literalAt(tokens, index);
    if (literal) {
        if (literal.kind !== 'string') return [];
        // Inside '…': replace the text between the quotes.
        const terminated = literal.image.length > 1 && literal.image.endsWith("'");
        const [start, end] = range(literal.start + 1, terminated ? literal.end - 1 : literal.end);
        const close = terminated ? '' : "'";
        return quotedChoices(analysis, site, literal.start).map((item) => ({
            item,
            start,
            end,
            newText: escapeJsonContent(item.filterText! + close),
        }));
    }

    const from = wordStart(text, index);
    const [start, end] = range(from, index);
    const out: OffsetItem[] = [];
    const push = (item: CompletionItem, newText: string): void => {
        out.push({ item, start, end, newText });
    };

    // Quoted choices first where the place asks for them: labels after `==`, modes in round.
    for (const c of quotedChoices(analysis, site, from)) {
        push(c, escapeJsonContent(`'${c.filterText}'`));
    }
    const frame = callFrame(tokens, from);
    if (frame?.name === 'round' && frame.arg === 1) return out; // scale: a literal number
    for (const f of analysis.fields) {
        if (f.name === undefined || f.typeName === 'array') continue;
        if (site.place === 'applicable' && f.index === site.index) continue; // E-APPLICABLE-SELF
        push({ label: f.name, kind: CompletionItemKind.Field, detail: typeLabel(f.node), sortText: `1${f.name}` }, f.name);
    }
    if (frame?.name === 'present') return out;
    const first = tokensBefore(tokens, from).length === 0;
    for (const fn of FUNCTIONS) {
        if (fn.name === 'when' && !(site.place === 'relation' && first)) continue; // E-WHEN-NESTED elsewhere
        push(
            {
                label: fn.name,
                kind: CompletionItemKind.Function,
                detail: fn.signature,
                documentation: { kind: 'markdown', value: fn.doc },
                insertTextFormat: InsertTextFormat.Snippet,
                sortText: `2${fn.name}`,
            },
            fn.snippet,
        );
    }
    for (const [kw, documentation] of KEYWORD_DOCS) {
        push({ label: kw, kind: CompletionItemKind.Keyword, documentation, sortText: `3${kw}` }, kw);
    }
    for (const lit of LITERAL_SNIPPETS) {
        push(
            {
                label: lit.label,
                kind: CompletionItemKind.Snippet,
                documentation: lit.doc,
                filterText: lit.label.split("'")[0],
                insertTextFormat: InsertTextFormat.Snippet,
                sortText: `4${lit.label}`,
            },
            lit.snippet,
        );
    }
    return out;
}

/**
 * Quoted values the place before `at` asks for: enum labels when the tokens before are
 * `<enum field> ==` or `!=`; round modes in round's third argument. `filterText` holds the bare value.
 */
function quotedChoices(analysis: SchemaAnalysis, site: ExprSite, at: number): CompletionItem[] {
    const before = tokensBefore(site.tokens, at);
    const op = before[before.length - 1];
    const left = before[before.length - 2];
    if (op && left && (op.image === '==' || op.image === '!=') && left.kind === 'name') {
        const field = analysis.fieldNamed(left.image);
        if (field?.typeName === 'enum') {
            return enumLabels(field.node)
                .filter((l) => !l.includes("'"))
                .map((l, i) => ({
                    label: `'${l}'`,
                    kind: CompletionItemKind.EnumMember,
                    detail: `label of ${field.name}`,
                    filterText: l,
                    sortText: `0${String(i).padStart(3, '0')}`,
                }));
        }
    }
    const frame = callFrame(site.tokens, at);
    if (frame?.name === 'round' && frame.arg === 2) {
        return ROUND_MODES.map((m, i) => ({
            label: `'${m}'`,
            kind: CompletionItemKind.Constant,
            detail: 'round mode',
            filterText: m,
            sortText: `0${i}`,
        }));
    }
    return [];
}
