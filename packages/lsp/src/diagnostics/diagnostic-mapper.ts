// Places the compiler's diagnostics in the document. A diagnostic names a JSON pointer and, inside
// an expression string, a span of UTF-8 bytes of the decoded string; the editor wants UTF-16
// offsets. The rules (docs/lsp.md): the pointer's node; a missing key: the object that lacks it
// (that is the pointer); an unknown, misplaced or duplicate key: the key itself; a span: mapped
// through the string's escapes; E-JSON-SYNTAX (no tree to point into): the character at the line
// and column its message gives.
import {
    CODES,
    findByPointer,
    isKnownCode,
    offsetOfLineColumn,
    unescapePointerToken,
    type Diagnostic,
    type JsonMember,
    type JsonNode,
} from '@svc/compiler';
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
        const keys = new KeyIndex();
        return diagnostics.map((d) => {
            const severity = isKnownCode(d.code) ? CODES[d.code].severity : d.code.startsWith('W-') ? 'warning' : 'error';
            const [start, end] = this.rangeOf(analysis, d, keys);
            return { diagnostic: d, severity, start, end };
        });
    }

    private rangeOf(analysis: PlacingTree, d: Diagnostic, keys: KeyIndex): [number, number] {
        const text = analysis.text;
        if (d.code === 'E-JSON-SYNTAX') return syntaxRange(text, d.message);
        const root = analysis.root;
        if (!root) return [0, 0];
        if (isKeyDiagnostic(d)) {
            const key = keys.range(root, d.pointer, d.code === 'E-JSON-DUPKEY');
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

/** The members of one key in one object: the first that is not a duplicate, and the duplicates in order. */
type KeyMembers = { first?: JsonMember; dups: JsonMember[] };

/**
 * The keys of the objects that one compile's key diagnostics name, indexed once per object: a
 * 10,000-member object with a diagnostic per member is read once, not once per diagnostic.
 */
class KeyIndex {
    private readonly parents = new Map<string, Map<string, KeyMembers> | undefined>();
    private readonly dupSeen = new Map<string, number>();

    /** Range of the key a pointer ends in; for duplicates, the n-th later occurrence for the n-th report. */
    range(root: JsonNode, pointer: string, duplicate: boolean): [number, number] | undefined {
        const cut = pointer.lastIndexOf('/');
        if (cut < 0) return undefined;
        const members = this.keysOf(root, pointer.slice(0, cut))?.get(unescapePointerToken(pointer.slice(cut + 1)));
        if (!members) return undefined;
        let m = members.first;
        if (duplicate) {
            const n = this.dupSeen.get(pointer) ?? 0;
            this.dupSeen.set(pointer, n + 1);
            m = members.dups[Math.min(n, members.dups.length - 1)];
        }
        return m ? [m.keyStart, m.keyEnd] : undefined;
    }

    private keysOf(root: JsonNode, parentPointer: string): Map<string, KeyMembers> | undefined {
        if (this.parents.has(parentPointer)) return this.parents.get(parentPointer);
        const parent = findByPointer(root, parentPointer)?.node;
        let byKey: Map<string, KeyMembers> | undefined;
        if (parent?.kind === 'object') {
            byKey = new Map();
            for (const m of parent.members) {
                let entry = byKey.get(m.key);
                if (!entry) byKey.set(m.key, (entry = { dups: [] }));
                if (m.duplicate) entry.dups.push(m);
                else entry.first ??= m;
            }
        }
        this.parents.set(parentPointer, byKey);
        return byKey;
    }
}

/** The character at "line L, column C" (1-based, UTF-16 columns, as the reader reports them). */
export function syntaxRange(text: string, message: string): [number, number] {
    const m = /line (\d+), column (\d+)/.exec(message);
    // A text of only a BOM is an empty document (editors hide the BOM, and may not send it): its
    // error sits at the start, as an empty document's, not past a character the editor never shows.
    if (!m || text === '\ufeff') return [0, 0];
    // Lines as the compiler counts them in its message: CR, CRLF and LF each end one.
    const at = offsetOfLineColumn(text, Number(m[1]), Number(m[2]));
    const c = text.charCodeAt(at);
    if (at >= text.length || c === 0x0a || c === 0x0d) return [at, at];
    return [at, at + (c >= 0xd800 && c <= 0xdbff ? 2 : 1)];
}
