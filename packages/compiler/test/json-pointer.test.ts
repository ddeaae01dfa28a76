// Pointer resolution: the member a key resolves to (the first that is not a duplicate, else the
// first), and an object's members read a bounded number of times per pointer, not once each.
import { expect } from 'chai';
import { findByPointer, memberByKey } from '../src/json/json-pointer.js';
import { readJson } from '../src/json/json-reader.js';
import type { JsonMember, JsonNode, JsonObject } from '../src/json/json-types.js';

/** An object of `n` members k0…k(n-1) whose member array counts the elements read. */
function countedObject(n: number): { root: JsonObject; reads: () => number } {
    let reads = 0;
    const members: JsonMember[] = Array.from({ length: n }, (_, i) => ({
        key: `k${i}`,
        keyStart: 0,
        keyEnd: 0,
        value: { kind: 'null', start: 0, end: 0 },
        duplicate: false,
    }));
    const counted = new Proxy(members, {
        get(target, p, receiver) {
            if (typeof p === 'string' && /^\d+$/.test(p)) reads++;
            return Reflect.get(target, p, receiver) as unknown;
        },
    });
    return { root: { kind: 'object', start: 0, end: 0, members: counted }, reads: () => reads };
}

/** What a scan of the members finds, the rule the index must keep. */
const scan = (o: JsonObject, key: string): JsonMember | undefined =>
    o.members.find((m) => m.key === key && !m.duplicate) ?? o.members.find((m) => m.key === key);

describe('findByPointer', () => {
    it('resolving a pointer to each member of an object is linear overall (members read, counted)', () => {
        const readsFor = (n: number): number => {
            const { root, reads } = countedObject(n);
            for (let i = 0; i < n; i++) expect(findByPointer(root, `/k${i}`)!.member!.key).to.equal(`k${i}`);
            return reads();
        };
        expect(readsFor(4000)).to.be.at.most(2.2 * readsFor(2000));
    });

    it('resolves each key as a scan would, duplicates and small objects included', () => {
        for (const n of [3, 20]) {
            const keys = Array.from({ length: n }, (_, i) => `"k${i % 5}": ${i}`).join(', ');
            const root = readJson(`{${keys}, "x": {"a": [1, {"b": 2}]}}`).root as JsonObject;
            for (const key of ['k0', 'k1', 'k4', 'x', 'missing']) expect(memberByKey(root, key), `${n} ${key}`).to.equal(scan(root, key));
            const b = findByPointer(root, '/x/a/1/b')!;
            expect(b.member!.key).to.equal('b');
            expect((b.node as Extract<JsonNode, { kind: 'number' }>).value).to.equal(2);
        }
        // All members of a key marked duplicate (a hand-built tree): the first of them.
        const dup = (key: string, v: number): JsonMember => ({
            key,
            keyStart: v,
            keyEnd: v,
            value: { kind: 'null', start: v, end: v },
            duplicate: true,
        });
        const members = Array.from({ length: 12 }, (_, i) => ({ ...dup(`k${i}`, i), duplicate: i % 2 === 0 }));
        members.push(dup('k1', 99), { ...dup('k0', 100), duplicate: false });
        const obj: JsonObject = { kind: 'object', start: 0, end: 0, members };
        for (const key of ['k0', 'k1', 'k2']) expect(memberByKey(obj, key)).to.equal(scan(obj, key));
    });

    it('sees members added after an object was indexed', () => {
        const { root } = countedObject(20);
        expect(memberByKey(root, 'late')).to.equal(undefined);
        const late: JsonMember = { key: 'late', keyStart: 1, keyEnd: 2, value: { kind: 'null', start: 3, end: 4 }, duplicate: false };
        root.members.push(late);
        expect(memberByKey(root, 'late')).to.equal(late);
    });
});
