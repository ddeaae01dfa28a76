// schema_hash = "sha256:" + hex SHA-256 of the RFC 8785 (JCS) canonical form of the schema with
// defaults filled in: key order, white space and explicit defaults do not change it.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

export function canonicalJson(value: unknown): string {
    const text = (canonicalize as unknown as (v: unknown) => string | undefined)(value);
    if (text === undefined) throw new Error('value has no canonical JSON form');
    return text;
}

export function schemaHash(normalized: unknown): string {
    return `sha256:${createHash('sha256').update(canonicalJson(normalized), 'utf8').digest('hex')}`;
}
