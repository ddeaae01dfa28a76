// Places the compiler's diagnostics in the document. A diagnostic names a JSON pointer and, inside
// an expression string, a span of UTF-8 bytes of the decoded string; the editor wants UTF-16
// offsets. The rules (docs/lsp.md): the pointer's node; a missing key: the object that lacks it
// (that is the pointer); an unknown, misplaced or duplicate key: the key itself; a span: mapped
// through the string's escapes; E-JSON-SYNTAX (no tree to point into): the character at the line
// and column its message gives.
import { CODES, findByPointer, isKnownCode, unescapePointerToken, type Diagnostic, type JsonNode } from '@svc/compiler';
import { StringMap } from '../text/string-map.js';

export interface PlacedDiagnostic {
    diagnostic: Diagnostic;
    severity: 'error' | 'warning';
    /** [start, end) in UTF-16 offsets of the document text. */
    start: number;
    end: number;
}

/** E-SCHEMA-VALUE messages the compiler reports at a key rather than at its value. */
const KEY_VALUE_MESSAGES = [/ does not apply to type /, / is not allowed inside items$/, / is not a label of this enum$/];

export function isKeyDiagnostic(d: Diagnostic): boolean {
    if (d.code === 'E-SCHEMA-UNKNOWN-KEY' || d.code === 'E-JSON-DUPKEY') return true;
    return d.code === 'E-SCHEMA-VALUE' && KEY_VALUE_MESSAGES.some((re) => re.test(d.message));
}

/** What placing needs of a version: its text and a tree of it (a `SchemaAnalysis`, or the compiler's). */
export interface PlacingTree {
    text: string;
    root?: JsonNode;
}

export class DiagnosticMapper {
    place(analysis: PlacingTree, diagnostics: readonly Diagnostic[]): PlacedDiagnostic[] {
        const dupSeen = new Map<string, number>();
        return diagnostics.map((d) => {
            const severity = isKnownCode(d.code) ? CODES[d.code].severity : d.code.startsWith('W-') ? 'warning' : 'error';
            const [start, end] = this.rangeOf(analysis, d, dupSeen);
            return { diagnostic: d, severity, start, end };
        });
    }

    private rangeOf(analysis: PlacingTree, d: Diagnostic, dupSeen: Map<string, number>): [number, number] {
        const text = analysis.text;
        if (d.code === 'E-JSON-SYNTAX') return syntaxRange(text, d.message);
        const root = analysis.root;
        if (!root) return [0, 0];
        if (isKeyDiagnostic(d)) {
            const key = keyRange(root, d.pointer, d.code === 'E-JSON-DUPKEY' ? dupSeen : undefined);
            if (key) return key;
        }
        const node = resolve(root, d.pointer);
        if (d.span && node.kind === 'string') return new StringMap(text, node.start).sourceRangeOfSpan(d.span);
        return [node.start, node.end];
    }
}

/** The node at a pointer, or its nearest ancestor that exists (the text may have moved on). */
function resolve(root: JsonNode, pointer: string): JsonNode {
    let p = pointer;
    for (;;) {
        const hit = findByPointer(root, p);
        if (hit) return hit.node;
        if (p === '') return root;
        p = p.slice(0, p.lastIndexOf('/'));
    }
}

/** Range of the key a pointer ends in; for duplicates, the n-th later occurrence for the n-th report. */
function keyRange(root: JsonNode, pointer: string, dupSeen?: Map<string, number>): [number, number] | undefined {
    const cut = pointer.lastIndexOf('/');
    if (cut < 0) return undefined;
    const parent = findByPointer(root, pointer.slice(0, cut))?.node;
    if (parent?.kind !== 'object') return undefined;
    const key = unescapePointerToken(pointer.slice(cut + 1));
    if (dupSeen) {
        const n = dupSeen.get(pointer) ?? 0;
        dupSeen.set(pointer, n + 1);
        const dups = parent.members.filter((m) => m.key === key && m.duplicate);
        const m = dups[Math.min(n, dups.length - 1)];
        return m ? [m.keyStart, m.keyEnd] : undefined;
    }
    const m = parent.members.find((x) => x.key === key && !x.duplicate);
    return m ? [m.keyStart, m.keyEnd] : undefined;
}

/** The character at "line L, column C" (1-based, UTF-16 columns, as the reader reports them). */
export function syntaxRange(text: string, message: string): [number, number] {
    const m = /line (\d+), column (\d+)/.exec(message);
    if (!m) return [0, 0];
    let line = 1;
    let offset = 0;
    while (line < Number(m[1]) && offset < text.length) {
        const nl = text.indexOf('\n', offset);
        if (nl < 0) break;
        offset = nl + 1;
        line++;
    }
    const at = Math.min(text.length, offset + Number(m[2]) - 1);
    const c = text.charCodeAt(at);
    if (at >= text.length || c === 0x0a || c === 0x0d) return [at, at];
    return [at, at + (c >= 0xd800 && c <= 0xdbff ? 2 : 1)];
}
