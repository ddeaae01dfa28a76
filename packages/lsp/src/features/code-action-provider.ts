// Quick fixes for the diagnostics under the cursor: wrap an unrounded division in round (E-DIV-
// UNROUNDED), replace an unknown name by a close field name (E-NAME-UNKNOWN), set the version
// (E-SCHEMA-VERSION, and a non-string svc_schema), rename or remove a duplicate field (E-FIELD-DUP),
// replace an unknown key by a close valid one (E-SCHEMA-UNKNOWN-KEY), and the mistakes the messages
// teach about (code-action-teaching.ts). Fixes are computed from the
// server's own diagnostics of the current version, not from the client's copy, which may be stale.
import { findByPointer, getMember, unescapePointerToken } from '@svc/compiler';
import { CodeActionKind, type CodeAction, type CodeActionParams, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer, SchemaAnalysis } from '../documents/document-analysis.js';
import { COMMON_FIELD_KEYS, RELATION_KEYS, TOP_KEYS, TYPE_KEYS } from '../documents/language-facts.js';
import type { PlacedDiagnostic } from '../diagnostics/diagnostic-mapper.js';
import type { DiagnosticPublisher } from '../diagnostics/diagnostic-publisher.js';
import type { PositionEncoder } from '../text/position-encoding.js';
import { teachingFixes } from './code-action-teaching.js';

interface Fix {
    title: string;
    edits: Array<{ start: number; end: number; text: string }>;
    preferred?: boolean;
}

const ALL_KEYS = [...new Set<string>([...TOP_KEYS, ...RELATION_KEYS, ...COMMON_FIELD_KEYS, ...Object.values(TYPE_KEYS).flat()])];

export class CodeActionProvider {
    constructor(
        private readonly analyzer: DocumentAnalyzer,
        private readonly encoder: PositionEncoder,
        private readonly publisher: DiagnosticPublisher,
    ) {}

    actions(doc: TextDocument, params: CodeActionParams): CodeAction[] {
        if (params.context.only && !params.context.only.some((k) => CodeActionKind.QuickFix.startsWith(k))) return [];
        const from = this.encoder.offset(doc, params.range.start);
        const to = this.encoder.offset(doc, params.range.end);
        const analysis = this.analyzer.get(doc);
        const out: CodeAction[] = [];
        for (const placed of this.publisher.current(doc)) {
            if (placed.end < from || placed.start > to) continue;
            const lsp = this.publisher.toLsp(doc, [placed])[0]!;
            for (const fix of fixesFor(analysis, placed)) {
                const edits: TextEdit[] = fix.edits.map((e) => ({ range: this.encoder.range(doc, e.start, e.end), newText: e.text }));
                out.push({
                    title: fix.title,
                    kind: CodeActionKind.QuickFix,
                    diagnostics: [lsp],
                    isPreferred: fix.preferred,
                    edit: { changes: { [doc.uri]: edits } },
                });
            }
        }
        return out;
    }
}

function fixesFor(analysis: SchemaAnalysis, placed: PlacedDiagnostic): Fix[] {
    const { start, end } = placed;
    const d = placed.diagnostic;
    switch (d.code) {
        case 'E-DIV-UNROUNDED':
            return [
                {
                    title: "Wrap in round(…, 2, 'half_even')",
                    preferred: true,
                    edits: [
                        { start, end: start, text: 'round(' },
                        { start: end, end, text: ", 2, 'half_even')" },
                    ],
                },
            ];
        case 'E-NAME-UNKNOWN': {
            const name = analysis.text.slice(start, end);
            const suggested = /did you mean "([^"]+)"/.exec(d.message)?.[1];
            const names = analysis.fields.flatMap((f) => (f.name && f.typeName !== 'array' ? [f.name] : []));
            const close = closest(name, names, 3);
            const order = suggested ? [suggested, ...close.filter((n) => n !== suggested)] : close;
            return order.map((n, i) => ({ title: `Change to "${n}"`, preferred: i === 0, edits: [{ start, end, text: n }] }));
        }
        case 'E-SCHEMA-VERSION':
            return [{ title: 'Set "svc_schema" to "1.0"', preferred: true, edits: [{ start, end, text: '"1.0"' }] }];
        case 'E-SCHEMA-TYPE':
            return d.pointer === '/svc_schema'
                ? [{ title: 'Set "svc_schema" to "1.0"', preferred: true, edits: [{ start, end, text: '"1.0"' }] }]
                : [];
        case 'E-FIELD-DUP':
            return duplicateFieldFixes(analysis, d.pointer, start, end);
        case 'E-SCHEMA-UNKNOWN-KEY': {
            const key = unescapePointerToken(d.pointer.slice(d.pointer.lastIndexOf('/') + 1));
            return closest(key, ALL_KEYS, 2).map((k, i) => ({
                title: `Change key to "${k}"`,
                preferred: i === 0,
                edits: [{ start, end, text: JSON.stringify(k) }],
            }));
        }
        default:
            return teachingFixes(analysis.text, d, start, end);
    }
}

function duplicateFieldFixes(analysis: SchemaAnalysis, pointer: string, start: number, end: number): Fix[] {
    const name = /^\/fields\/(\d+)\/name$/.exec(pointer);
    const root = analysis.root;
    if (!name || !root) return [];
    const index = Number(name[1]);
    const taken = new Set(analysis.fields.flatMap((f) => (f.name ? [f.name] : [])));
    const base = analysis.fields.find((f) => f.index === index)?.name ?? 'field';
    let n = 2;
    while (taken.has(`${base}_${n}`)) n++;
    const fixes: Fix[] = [
        { title: `Rename this field to "${base}_${n}"`, preferred: true, edits: [{ start, end, text: `"${base}_${n}"` }] },
    ];
    const fields = root.kind === 'object' ? getMember(root, 'fields')?.value : undefined;
    const item = findByPointer(root, `/fields/${index}`)?.node;
    if (fields?.kind === 'array' && item) {
        // Remove the item with one separating comma: the one before it, or after it for the first.
        const prev = fields.items[index - 1];
        const next = fields.items[index + 1];
        const range = prev ? [prev.end, item.end] : next ? [item.start, next.start] : [item.start, item.end];
        fixes.push({ title: 'Remove this duplicate field', edits: [{ start: range[0]!, end: range[1]!, text: '' }] });
    }
    return fixes;
}

/** Up to `max` candidates within a typo's distance (one edit per three characters, at least one). */
function closest(word: string, candidates: readonly string[], max: number): string[] {
    const limit = Math.max(1, Math.floor(word.length / 3)) + 1;
    return candidates
        .map((c) => ({ c, d: distance(word.toLowerCase(), c.toLowerCase()) }))
        .filter((x) => x.d < limit && x.c !== word)
        .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c))
        .slice(0, max)
        .map((x) => x.c);
}

function distance(a: string, b: string): number {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const cur = [i];
        for (let j = 1; j <= b.length; j++)
            cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = cur;
    }
    return prev[b.length]!;
}
