// Where a cursor is in the (forgiving) JSON tree, for completion: in or at a key of an object, at a
// member's value, or between items of an array, with the path of keys and indices that leads there.
import type { JsonArray, JsonNode, JsonObject } from '@svc/compiler';
import type { TolerantJson } from './json-tolerant.js';

export type JsonPath = Array<string | number>;

export type JsonSpot =
    | { at: 'key'; object: JsonObject; path: JsonPath; replace: [number, number]; hasColon: boolean; current?: string }
    | { at: 'value'; object: JsonObject; path: JsonPath; key: string; replace: [number, number] }
    | { at: 'item'; array: JsonArray; path: JsonPath; replace: [number, number] };

/** True when the string literal [start, end) has its closing quote. */
function terminated(text: string, start: number, end: number): boolean {
    return end - start >= 2 && text.charCodeAt(end - 1) === 0x22;
}

function insideString(text: string, start: number, end: number, offset: number): boolean {
    return offset > start && (terminated(text, start, end) ? offset < end : offset <= end);
}

function contains(node: JsonNode, offset: number, text: string): boolean {
    if (node.kind === 'string') return insideString(text, node.start, node.end, offset);
    if (node.kind === 'object' || node.kind === 'array')
        return (
            offset > node.start &&
            (offset < node.end || (offset === node.end && text[node.end - 1] !== (node.kind === 'object' ? '}' : ']')))
        );
    return offset >= node.start && offset <= node.end;
}

/** The previous character that is not white space, and its offset. */
function previousChar(text: string, offset: number): [string | undefined, number] {
    let i = offset - 1;
    while (i >= 0 && /\s/.test(text[i]!)) i--;
    return [text[i], i];
}

export function locate(json: TolerantJson, text: string, offset: number): JsonSpot | undefined {
    let node = json.root;
    const path: JsonPath = [];
    if (!node || !contains(node, offset, text)) return undefined;
    for (;;) {
        if (node.kind === 'object') {
            const obj: JsonObject = node;
            const keys = [
                ...obj.members.map((m) => ({ key: m.key, keyStart: m.keyStart, keyEnd: m.keyEnd, value: m.value as JsonNode | undefined })),
                ...(json.pending.get(obj) ?? []).map((p) => ({ ...p, value: undefined })),
            ];
            const inKey = keys.find((k) => insideString(text, k.keyStart, k.keyEnd, offset));
            if (inKey)
                return {
                    at: 'key',
                    object: obj,
                    path,
                    replace: [inKey.keyStart, inKey.keyEnd],
                    hasColon: json.colons.has(inKey.keyStart),
                    current: inKey.key,
                };
            const inValue = obj.members.find((m) => contains(m.value, offset, text));
            if (inValue) {
                if (inValue.value.kind === 'object' || inValue.value.kind === 'array') {
                    path.push(inValue.key);
                    node = inValue.value;
                    continue;
                }
                return { at: 'value', object: obj, path, key: inValue.key, replace: [inValue.value.start, inValue.value.end] };
            }
            const [prev, at] = previousChar(text, offset);
            if (prev === '{' || prev === ',') return { at: 'key', object: obj, path, replace: [offset, offset], hasColon: false };
            if (prev === ':') {
                const owner = (json.pending.get(obj) ?? []).find((p) => p.colon === at);
                if (owner) return { at: 'value', object: obj, path, key: owner.key, replace: [offset, offset] };
            }
            return undefined;
        }
        if (node.kind === 'array') {
            const arr: JsonArray = node;
            const index = arr.items.findIndex((item) => contains(item, offset, text));
            if (index >= 0) {
                const item = arr.items[index]!;
                path.push(index);
                if (item.kind === 'object' || item.kind === 'array') {
                    node = item;
                    continue;
                }
                return undefined; // a scalar item: nothing to offer
            }
            const [prev] = previousChar(text, offset);
            if (prev === '[' || prev === ',') return { at: 'item', array: arr, path, replace: [offset, offset] };
            return undefined;
        }
        return undefined;
    }
}
