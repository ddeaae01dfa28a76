// The quick fixes themselves, as edits in document offsets, computed from the document's analysis
// for diagnostics the server placed: wrap an unrounded division in round (E-DIV-UNROUNDED), replace
// an unknown name by a close field name (E-NAME-UNKNOWN), set the version (E-SCHEMA-VERSION, and a
// non-string svc_schema), rename or remove a duplicate field (E-FIELD-DUP), replace an unknown key
// by a close one valid at its place and not present (E-SCHEMA-UNKNOWN-KEY), and the mistakes the
// messages teach about (code-action-teaching.ts). They run where the analysis is (the feature
// worker for a large document); code-action-provider.ts picks the diagnostics and makes the edits.
// Names are compared by an edit distance that gives up beyond a typo's reach.
import { distanceBelow, findByPointer, getMember, unescapePointerToken } from '@svc/compiler';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentAnalyzer, SchemaAnalysis } from '../documents/document-analysis.js';
import type { PlacedDiagnostic } from '../diagnostics/diagnostic-mapper.js';
import { teachingFixes } from './code-action-teaching.js';
import { keysFor, objectAt, placeOf } from './schema-places.js';

export interface Fix {
    title: string;
    edits: Array<{ start: number; end: number; text: string }>;
    preferred?: boolean;
}

/** A name to suggest, lower-cased once per request rather than once per comparison. */
interface Candidate {
    name: string;
    lower: string;
}
const candidatesOf = (names: readonly string[]): Candidate[] => names.map((name) => ({ name, lower: name.toLowerCase() }));

export class CodeFixer {
    constructor(private readonly analyzer: DocumentAnalyzer) {}

    /** The fixes of each diagnostic, in order. */
    fixes(doc: TextDocument, hits: readonly PlacedDiagnostic[]): Fix[][] {
        const analysis = this.analyzer.get(doc);
        let names: Candidate[] | undefined;
        const fieldNames = (): Candidate[] =>
            (names ??= candidatesOf(analysis.fields.flatMap((f) => (f.name && f.typeName !== 'array' ? [f.name] : []))));
        return hits.map((placed) => fixesFor(analysis, placed, fieldNames));
    }
}

function fixesFor(analysis: SchemaAnalysis, placed: PlacedDiagnostic, fieldNames: () => Candidate[]): Fix[] {
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
            const close = closest(name, fieldNames(), 3);
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
            const at = d.pointer.lastIndexOf('/');
            const key = unescapePointerToken(d.pointer.slice(at + 1));
            return closest(key, keysMissingAt(analysis, d.pointer.slice(0, at)), 2).map((k, i) => ({
                title: `Change key to "${k}"`,
                preferred: i === 0,
                edits: [{ start, end, text: JSON.stringify(k) }],
            }));
        }
        default:
            return teachingFixes(analysis.text, d, start, end);
    }
}

/**
 * The keys valid in the object at `pointer` (for a field, by its type) that it does not have yet: a
 * key already present would become a duplicate (E-JSON-DUPKEY), one of another place or type
 * another error (E-SCHEMA-UNKNOWN-KEY, E-SCHEMA-VALUE).
 */
function keysMissingAt(analysis: SchemaAnalysis, pointer: string): Candidate[] {
    const at = objectAt(analysis.root, pointer);
    if (!at) return [];
    const present = new Set([...at.object.members.map((m) => m.key), ...(analysis.json.pending.get(at.object) ?? []).map((p) => p.key)]);
    return candidatesOf(keysFor(placeOf(at.path), at.object, analysis, at.path).filter((k) => !present.has(k)));
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

/**
 * Up to `max` candidates within a typo's distance (one edit per three characters, at least one),
 * closest first, then by name. Once `max` are found the limit drops to the worst of them, so the
 * remaining candidates are compared only as far as they could still take a place.
 */
function closest(word: string, candidates: readonly Candidate[], max: number): string[] {
    let limit = Math.max(1, Math.floor(word.length / 3)) + 1;
    const lower = word.toLowerCase();
    const best: Array<{ c: string; d: number }> = [];
    const before = (a: { c: string; d: number }, b: { c: string; d: number }): boolean =>
        a.d < b.d || (a.d === b.d && a.c.localeCompare(b.c) < 0);
    for (const { name, lower: other } of candidates) {
        if (name === word || Math.abs(other.length - lower.length) >= limit) continue;
        const d = distanceBelow(lower, other, limit);
        if (d >= limit) continue;
        const hit = { c: name, d };
        if (best.length === max && !before(hit, best[max - 1]!)) continue;
        let at = best.length;
        while (at > 0 && before(hit, best[at - 1]!)) at--;
        best.splice(at, 0, hit);
        if (best.length > max) best.pop();
        if (best.length === max) limit = best[max - 1]!.d + 1;
    }
    return best.map((x) => x.c);
}
