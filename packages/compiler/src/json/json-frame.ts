// The reader's frame of one open container (json-reader.ts) and how it finds duplicate keys.
import type { JsonArray, JsonObject } from './json-types.js';

export interface Frame {
    node: JsonObject | JsonArray;
    /** The frame holding this container and the token naming it there (pointers are built on demand). */
    parent?: Frame;
    token?: string | number;
    pointerCache?: string;
    /** Object frames: the member whose value is being read (its key, where it is written, whether a duplicate). */
    hasKey: boolean;
    key: string;
    keyStart: number;
    keyEnd: number;
    keyDuplicate: boolean;
    /** Keys seen, made only for objects of more than SMALL_OBJECT members (smaller ones are scanned). */
    seen?: Set<string>;
}

/** Up to this many members a duplicate key is found by scanning them, which is cheaper than a Set. */
const SMALL_OBJECT = 8;

/** Whether an object already has a member of this key; records the key when it has not. */
export function isDuplicate(frame: Frame, key: string): boolean {
    const members = (frame.node as JsonObject).members;
    if (frame.seen === undefined) {
        for (let i = 0; i < members.length; i++) if (members[i]!.key === key) return true;
        if (members.length < SMALL_OBJECT) return false;
        frame.seen = new Set(members.map((m) => m.key)); // from now on the Set answers
    } else if (frame.seen.has(key)) return true;
    frame.seen.add(key);
    return false;
}
