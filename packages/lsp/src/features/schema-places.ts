// Which keys are valid in which object of a schema: the top level, a field by its type, an array
// field's items by theirs, a relation, an enum's aliases (its labels). Completion offers them, and
// the quick fix for an unknown key suggests only among them, so neither proposes a key the compiler
// would reject at that place.
import { getMember, unescapePointerToken, type JsonNode, type JsonObject } from '@svc/compiler';
import type { SchemaAnalysis } from '../documents/document-analysis.js';
import { COMMON_FIELD_KEYS, FIELD_TYPES, RELATION_KEYS, TOP_KEYS, TYPE_KEYS, type FieldTypeName } from '../documents/language-facts.js';
import type { JsonPath } from '../json/json-locate.js';
import { enumLabels } from './field-describe.js';

export type Place = 'top' | 'field' | 'items' | 'relation' | 'aliases' | 'other';

export function placeOf(path: JsonPath): Place {
    if (path.length === 0) return 'top';
    if (path.length === 2 && path[0] === 'fields' && typeof path[1] === 'number') return 'field';
    if (path.length === 3 && path[0] === 'fields' && path[2] === 'items') return 'items';
    if (path.length === 3 && path[0] === 'fields' && path[2] === 'aliases') return 'aliases';
    if (path.length === 2 && path[0] === 'relations' && typeof path[1] === 'number') return 'relation';
    return 'other';
}

function typeOf(obj: JsonObject): FieldTypeName | undefined {
    const t = getMember(obj, 'type')?.value;
    return t?.kind === 'string' && (FIELD_TYPES as readonly string[]).includes(t.value) ? (t.value as FieldTypeName) : undefined;
}

/** The keys valid in `obj` at `place`: a field's or items' own keys by its type (none for a type the compiler does not know). */
export function keysFor(place: Place, obj: JsonObject, analysis: SchemaAnalysis, path: JsonPath): string[] {
    switch (place) {
        case 'top':
            return [...TOP_KEYS];
        case 'relation':
            return [...RELATION_KEYS];
        case 'field':
        case 'items': {
            const type = typeOf(obj);
            const own = type ? TYPE_KEYS[type] : [];
            return place === 'field' ? [...COMMON_FIELD_KEYS, ...own] : ['type', ...own];
        }
        case 'aliases': {
            const field = analysis.fields.find((f) => f.index === path[1]);
            return field ? enumLabels(field.node) : [];
        }
        default:
            return [];
    }
}

/** The object a JSON pointer names and the path of keys and indices to it; undefined if it is no object. */
export function objectAt(root: JsonNode | undefined, pointer: string): { object: JsonObject; path: JsonPath } | undefined {
    if (!root || (pointer !== '' && !pointer.startsWith('/'))) return undefined;
    let node: JsonNode | undefined = root;
    const path: JsonPath = [];
    for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
        const token = unescapePointerToken(raw);
        if (node?.kind === 'object') {
            node = getMember(node, token)?.value;
            path.push(token);
        } else if (node?.kind === 'array' && /^(0|[1-9][0-9]*)$/.test(token)) {
            node = node.items[Number(token)];
            path.push(Number(token));
        } else return undefined;
    }
    return node?.kind === 'object' ? { object: node, path } : undefined;
}
