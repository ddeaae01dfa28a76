// Nodes of the strict, position-keeping JSON reader. Offsets are UTF-16 code units of the source
// text, [start, end); a string node's range includes its quotes, so editors can map escapes.

interface NodeBase {
    start: number;
    end: number;
}

export interface JsonObject extends NodeBase {
    kind: 'object';
    /** Every member in source order, duplicates included (the first of a key is the one used). */
    members: JsonMember[];
}

export interface JsonMember {
    key: string;
    keyStart: number;
    keyEnd: number;
    value: JsonNode;
    /** True for the second and later members of the same key (reported as E-JSON-DUPKEY). */
    duplicate: boolean;
}

export interface JsonArray extends NodeBase {
    kind: 'array';
    items: JsonNode[];
}

export interface JsonString extends NodeBase {
    kind: 'string';
    value: string;
}

export interface JsonNumber extends NodeBase {
    kind: 'number';
    /** The number exactly as written (`2.50`, `1e400`). */
    raw: string;
    /** The nearest double; not finite when the text is out of range (then E-JSON-NUMBER). */
    value: number;
}

export interface JsonBoolean extends NodeBase {
    kind: 'boolean';
    value: boolean;
}

export interface JsonNull extends NodeBase {
    kind: 'null';
}

export type JsonNode = JsonObject | JsonArray | JsonString | JsonNumber | JsonBoolean | JsonNull;

/** The first member named `key` (later duplicates are ignored by every consumer). */
export function getMember(obj: JsonObject, key: string): JsonMember | undefined {
    return obj.members.find((m) => m.key === key && !m.duplicate);
}

/** Plain JavaScript value of a node (numbers as doubles); for canonical forms and tests. */
export function toPlain(node: JsonNode): unknown {
    // Iterative to stay safe at any depth the reader accepted.
    const build = (n: JsonNode): unknown => {
        switch (n.kind) {
            case 'object':
                return Object.create(null) as Record<string, unknown>; // no prototype: "__proto__" is just a key
            case 'array':
                return [];
            case 'string':
                return n.value;
            case 'number':
                return n.value;
            case 'boolean':
                return n.value;
            case 'null':
                return null;
        }
    };
    const root = build(node);
    const stack: Array<[JsonNode, unknown]> = [[node, root]];
    while (stack.length > 0) {
        const [n, out] = stack.pop()!;
        if (n.kind === 'object') {
            for (const m of n.members) {
                if (m.duplicate) continue;
                const v = build(m.value);
                (out as Record<string, unknown>)[m.key] = v;
                stack.push([m.value, v]);
            }
        } else if (n.kind === 'array') {
            for (const item of n.items) {
                const v = build(item);
                (out as unknown[]).push(v);
                stack.push([item, v]);
            }
        }
    }
    return root;
}
