// Resolves RFC 6901 pointers against the reader's nodes (editors map diagnostics to ranges with it).
import type { JsonMember, JsonNode, JsonObject } from './json-types.js';

export function unescapePointerToken(token: string): string {
    return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The node at `pointer`, and the member holding it when its parent is an object. */
export function findByPointer(root: JsonNode, pointer: string): { node: JsonNode; member?: JsonMember } | undefined {
    if (pointer === '') return { node: root };
    if (!pointer.startsWith('/')) return undefined;
    let node: JsonNode = root;
    let member: JsonMember | undefined;
    for (const raw of pointer.slice(1).split('/')) {
        const token = unescapePointerToken(raw);
        if (node.kind === 'object') {
            member = memberByKey(node, token);
            if (!member) return undefined;
            node = member.value;
        } else if (node.kind === 'array') {
            if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
            const item = node.items[Number(token)];
            if (!item) return undefined;
            node = item;
            member = undefined;
        } else {
            return undefined;
        }
    }
    return { node, member };
}

/** Up to this many members a key is found by scanning them, which is cheaper than building a Map. */
const SMALL_OBJECT = 8;

/** Per members array: the member a key resolves to, and the length it was built at. */
const indexes = new WeakMap<JsonMember[], { length: number; byKey: Map<string, JsonMember> }>();

/**
 * The first member of a key that is not a duplicate, else the first of that key. A large object is
 * indexed once (then rebuilt only if members were added), so placing one diagnostic per member of
 * a 10,000-member object is linear, not quadratic. Trees are patched in place only in values and
 * offsets (json-patch.ts), never in keys, so an index stays right across patches.
 */
export function memberByKey(obj: JsonObject, key: string): JsonMember | undefined {
    const members = obj.members;
    if (members.length <= SMALL_OBJECT) return members.find((m) => m.key === key && !m.duplicate) ?? members.find((m) => m.key === key);
    let index = indexes.get(members);
    if (index?.length !== members.length) {
        const byKey = new Map<string, JsonMember>();
        for (const m of members) {
            const seen = byKey.get(m.key);
            if (seen === undefined || (seen.duplicate && !m.duplicate)) byKey.set(m.key, m);
        }
        index = { length: members.length, byKey };
        indexes.set(members, index);
    }
    return index.byKey.get(key);
}
