// Resolves RFC 6901 pointers against the reader's nodes (editors map diagnostics to ranges with it).
import type { JsonMember, JsonNode } from './json-types.js';

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
            member = node.members.find((m) => m.key === token && !m.duplicate) ?? node.members.find((m) => m.key === token);
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
