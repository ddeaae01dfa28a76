// Completion in the JSON around the expressions: the keys valid at that place (top level, a field of
// its type, items, a relation, an enum's aliases), the values of keyword keys (type names, eom,
// basis, date_order, currency codes, the version), and skeletons of new fields and relations.
import { currencyCodes } from '@svc/compiler';
import { CompletionItemKind, InsertTextFormat, type CompletionItem } from 'vscode-languageserver';
import type { SchemaAnalysis } from '../documents/document-analysis.js';
import { FIELD_TYPES, KEY_DOCS, KEYWORD_VALUES } from '../documents/language-facts.js';
import { locate } from '../json/json-locate.js';
import type { OffsetItem } from './completion-expr.js';
import { keysFor, placeOf, type Place } from './schema-places.js';

/** Snippet for a key's value when the key is inserted with its colon. */
function valueSnippet(key: string, place: Place): string {
    if (place === 'aliases') return '["$1"]';
    switch (key) {
        case 'svc_schema':
            return '"1.0"';
        case 'type':
            return `"\${1|${FIELD_TYPES.filter((t) => place !== 'items' || t !== 'array').join(',')}|}"`;
        case 'nullable':
            return '${1|true,false|}';
        case 'hints':
        case 'labels':
            return '["$1"]';
        case 'fields':
            return '[\n\t{"name": "$1", "type": "$2"}\n]';
        case 'relations':
            return '[\n\t{"id": "$1", "expr": "$2"}\n]';
        case 'items':
            return '{"type": "$1"}';
        case 'aliases':
            return '{$1}';
        case 'min':
        case 'max':
        case 'scale':
            return '$1';
        default: {
            const words = KEYWORD_VALUES.get(key);
            return words ? `"\${1|${words.join(',')}|}"` : '"$1"';
        }
    }
}

function valuesFor(key: string, place: Place): Array<{ text: string; kind: CompletionItemKind }> {
    if (place === 'top' && key === 'svc_schema') return [{ text: '"1.0"', kind: CompletionItemKind.Value }];
    if (place !== 'field' && place !== 'items') return [];
    if (key === 'type')
        return FIELD_TYPES.filter((t) => place !== 'items' || t !== 'array').map((t) => ({
            text: `"${t}"`,
            kind: CompletionItemKind.TypeParameter,
        }));
    const words = KEYWORD_VALUES.get(key);
    if (words) return words.map((v) => ({ text: `"${v}"`, kind: CompletionItemKind.EnumMember }));
    if (key === 'nullable' && place === 'field') return ['true', 'false'].map((v) => ({ text: v, kind: CompletionItemKind.Value }));
    if (key === 'currency') return currencyCodes().map((c) => ({ text: `"${c}"`, kind: CompletionItemKind.Unit }));
    return [];
}

export function completeJson(analysis: SchemaAnalysis, offset: number): OffsetItem[] {
    const spot = locate(analysis.json, analysis.text, offset);
    if (!spot) return [];
    const [start, end] = spot.replace;
    if (spot.at === 'key') {
        const place = placeOf(spot.path);
        const present = new Set([
            ...spot.object.members.map((m) => m.key),
            ...(analysis.json.pending.get(spot.object) ?? []).map((p) => p.key),
        ]);
        if (spot.current !== undefined) present.delete(spot.current);
        return keysFor(place, spot.object, analysis, spot.path)
            .filter((k) => !present.has(k))
            .map((key, i) => {
                const quoted = JSON.stringify(key);
                const newText = spot.hasColon ? quoted : `${quoted.replace(/[\\$}]/g, '\\$&')}: ${valueSnippet(key, place)}`;
                const item: CompletionItem = {
                    label: key,
                    kind: CompletionItemKind.Property,
                    filterText: start === end ? key : quoted,
                    sortText: String(i).padStart(3, '0'),
                    insertTextFormat: spot.hasColon ? InsertTextFormat.PlainText : InsertTextFormat.Snippet,
                    data: { area: 'json' },
                };
                const doc = place === 'aliases' ? `Document words for the label ${quoted}.` : KEY_DOCS.get(key);
                if (doc) item.documentation = doc;
                return { item, start, end, newText };
            });
    }
    if (spot.at === 'value') {
        const place = placeOf(spot.path);
        return valuesFor(spot.key, place).map((v, i) => ({
            item: {
                label: v.text.replace(/"/g, ''),
                kind: v.kind,
                filterText: start === end ? v.text.replace(/"/g, '') : v.text,
                sortText: String(i).padStart(4, '0'),
                data: { area: 'json' },
            },
            start,
            end,
            newText: v.text,
        }));
    }
    const parent = spot.path[spot.path.length - 1];
    if (spot.path.length === 1 && parent === 'fields') {
        return [
            {
                item: {
                    label: 'new field',
                    kind: CompletionItemKind.Snippet,
                    insertTextFormat: InsertTextFormat.Snippet,
                    data: { area: 'json' },
                },
                start,
                end,
                newText: `{"name": "$1", "type": "\${2|${FIELD_TYPES.join(',')}|}"}`,
            },
        ];
    }
    if (spot.path.length === 1 && parent === 'relations') {
        return [
            {
                item: {
                    label: 'new relation',
                    kind: CompletionItemKind.Snippet,
                    insertTextFormat: InsertTextFormat.Snippet,
                    data: { area: 'json' },
                },
                start,
                end,
                newText: '{"id": "$1", "expr": "$2"}',
            },
        ];
    }
    return [];
}
