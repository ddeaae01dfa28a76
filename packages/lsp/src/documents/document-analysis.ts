// What the editing features know about one version of a schema document: the forgiving JSON tree,
// its fields and relations, and its expression strings. Built on demand and cached per version;
// independent of the compiler's result, so features answer while a compile is pending or the JSON
// is half typed.
import { childPointer, getMember, type JsonNode, type JsonObject, type JsonString } from '@svc/compiler';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseTolerant, type TolerantJson } from '../json/json-tolerant.js';
import { ExprSite, tokenize, type ExprToken, type Lexer } from './expr-site.js';

export interface FieldDecl {
    index: number;
    pointer: string;
    node: JsonObject;
    name?: string;
    nameNode?: JsonString;
    typeName?: string;
}

export interface RelationDecl {
    index: number;
    pointer: string;
    node: JsonObject;
    id?: string;
    idNode?: JsonString;
}

export class SchemaAnalysis {
    readonly text: string;
    readonly version: number;
    readonly json: TolerantJson;
    private fieldCache: FieldDecl[] | undefined;
    private relationCache: RelationDecl[] | undefined;
    private siteCache: ExprSite[] | undefined;
    /** Tokens by expression text, lexed for this version or taken from the version before. */
    readonly lexed = new Map<string, readonly ExprToken[]>();
    private readonly lex: Lexer;

    /** `before`: the tokens of the document's version before (an edit leaves most expressions as they were). */
    constructor(
        readonly uri: string,
        doc: TextDocument,
        before?: ReadonlyMap<string, readonly ExprToken[]>,
    ) {
        this.text = doc.getText();
        this.version = doc.version;
        this.json = parseTolerant(this.text);
        this.lex = (text) => {
            let tokens = this.lexed.get(text);
            if (!tokens) {
                tokens = before?.get(text) ?? tokenize(text);
                this.lexed.set(text, tokens);
            }
            return tokens;
        };
    }

    get root(): JsonNode | undefined {
        return this.json.root;
    }

    get fields(): FieldDecl[] {
        return (this.fieldCache ??= this.items('fields').map(([node, index]) => {
            const pointer = childPointer('/fields', index);
            const decl: FieldDecl = { index, pointer, node };
            const name = getMember(node, 'name')?.value;
            if (name?.kind === 'string') {
                decl.name = name.value;
                decl.nameNode = name;
            }
            const type = getMember(node, 'type')?.value;
            if (type?.kind === 'string') decl.typeName = type.value;
            return decl;
        }));
    }

    get relations(): RelationDecl[] {
        return (this.relationCache ??= this.items('relations').map(([node, index]) => {
            const decl: RelationDecl = { index, pointer: childPointer('/relations', index), node };
            const id = getMember(node, 'id')?.value;
            if (id?.kind === 'string') {
                decl.id = id.value;
                decl.idNode = id;
            }
            return decl;
        }));
    }

    /** Every expression string in document order. */
    get sites(): ExprSite[] {
        if (this.siteCache) return this.siteCache;
        const sites: ExprSite[] = [];
        for (const f of this.fields) {
            const aw = getMember(f.node, 'applicable_when')?.value;
            if (aw?.kind === 'string')
                sites.push(new ExprSite(childPointer(f.pointer, 'applicable_when'), 'applicable', f.index, aw, this.text, this.lex));
        }
        for (const r of this.relations) {
            const e = getMember(r.node, 'expr')?.value;
            if (e?.kind === 'string')
                sites.push(new ExprSite(childPointer(r.pointer, 'expr'), 'relation', r.index, e, this.text, this.lex));
        }
        sites.sort((a, b) => a.node.start - b.node.start);
        return (this.siteCache = sites);
    }

    /** The expression string whose quotes enclose a document offset. */
    siteAt(offset: number): ExprSite | undefined {
        const sites = this.sites;
        let lo = 0;
        let hi = sites.length - 1;
        let found = -1;
        while (lo <= hi) {
            const mid = (lo + hi) >> 1;
            if (sites[mid]!.node.start < offset) {
                found = mid;
                lo = mid + 1;
            } else hi = mid - 1;
        }
        return found >= 0 && sites[found]!.containsOffset(offset) ? sites[found] : undefined;
    }

    /** The first field of a name: the one expressions refer to (later ones are E-FIELD-DUP). */
    fieldNamed(name: string): FieldDecl | undefined {
        return this.fields.find((f) => f.name === name);
    }

    /** The field whose name string encloses an offset. */
    fieldNameAt(offset: number): FieldDecl | undefined {
        return this.fields.find((f) => f.nameNode !== undefined && offset > f.nameNode.start && offset < f.nameNode.end);
    }

    private items(key: string): Array<[JsonObject, number]> {
        const root = this.root;
        if (root?.kind !== 'object') return [];
        const arr = getMember(root, key)?.value;
        if (arr?.kind !== 'array') return [];
        const out: Array<[JsonObject, number]> = [];
        arr.items.forEach((item, i) => {
            if (item.kind === 'object') out.push([item, i]);
        });
        return out;
    }
}

/** Caches the analysis of each open document's current version. */
export class DocumentAnalyzer {
    // Keyed by URI but checked against the document object: a URI closed and reopened starts again
    // at version 1 with another text.
    private readonly cache = new Map<string, { doc: TextDocument; analysis: SchemaAnalysis }>();
    /** For tests and the bench: versions read into an analysis (on this thread). */
    readonly stats = { analysed: 0 };

    get(doc: TextDocument): SchemaAnalysis {
        const hit = this.cache.get(doc.uri);
        // The text too: a client may send another text under the same version number.
        if (hit && hit.doc === doc && hit.analysis.version === doc.version && hit.analysis.text === doc.getText()) return hit.analysis;
        // The version before's tokens only, never further back: memory stays one version's worth.
        const analysis = new SchemaAnalysis(doc.uri, doc, hit?.analysis.lexed);
        this.stats.analysed++;
        this.cache.set(doc.uri, { doc, analysis });
        return analysis;
    }

    drop(uri: string): void {
        this.cache.delete(uri);
    }
}
