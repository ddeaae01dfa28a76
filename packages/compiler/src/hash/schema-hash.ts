// schema_hash = "sha256:" + hex SHA-256 of the RFC 8785 (JCS) canonical form of the schema with
// defaults filled in: key order, white space and explicit defaults do not change it.
import { createHash } from 'node:crypto';

/**
 * The JCS text of a value, exactly as the `canonicalize` package writes it (a property test compares
 * them). Written here because that package's `reduce` over template strings and a sort of every
 * object's keys made a third of what an uncached validate allocates in the worker: this one appends
 * to one string and sorts only keys that are out of order.
 */
export function canonicalJson(value: unknown): string {
    const text = serialize(value);
    if (text === undefined) throw new Error('value has no canonical JSON form');
    return text;
}

function serialize(value: unknown): string | undefined {
    if (typeof value === 'number' && !Number.isFinite(value))
        throw new Error(Number.isNaN(value) ? 'NaN is not allowed' : 'Infinity is not allowed');
    // JSON.stringify's own text for these, without a call into it per string (a tenth of hashing).
    if (typeof value === 'string') return quote(value);
    if (typeof value === 'number') return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    const v = value as Record<string, unknown> & { toJSON?: unknown };
    if (v.toJSON instanceof Function) return serialize((v.toJSON as () => unknown)());
    if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
            const item: unknown = value[i];
            if (i > 0) out += ',';
            // As the package does: a member that has no JSON text (a function) is written `undefined`.
            out += item === undefined || typeof item === 'symbol' ? 'null' : `${serialize(item)}`;
        }
        return `${out}]`;
    }
    const keys = sortedKeys(v);
    let out = '{';
    for (const key of keys) {
        const member = v[key];
        if (member === undefined || typeof member === 'symbol') continue;
        out += `${out.length === 1 ? '' : ','}${quote(key)}:${serialize(member)}`;
    }
    return `${out}}`;
}

/** Characters JSON.stringify escapes (surrogates: only lone ones, left to it to tell). */
// eslint-disable-next-line no-control-regex
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

function quote(s: string): string {
    return ESCAPED.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** Keys in UTF-16 code unit order, as JCS asks. A schema's objects have a few keys each: sorted in
 * place by insertion (`Array.prototype.sort` allocated a work array per object). */
function sortedKeys(v: object): string[] {
    const keys = Object.keys(v);
    if (keys.length > 32) return keys.sort();
    for (let i = 1; i < keys.length; i++) {
        const key = keys[i]!;
        let j = i - 1;
        while (j >= 0 && keys[j]! > key) {
            keys[j + 1] = keys[j]!;
            j--;
        }
        keys[j + 1] = key;
    }
    return keys;
}

export function schemaHash(normalized: unknown): string {
    return `sha256:${createHash('sha256').update(canonicalJson(normalized), 'utf8').digest('hex')}`;
}
