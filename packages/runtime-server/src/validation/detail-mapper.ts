// Maps ajv errors to the API's validation details (docs/runtime-server.md): the
// shape of Zod 4 issues, `{code, path, message}` plus the constraint broken. One detail per problem:
// a value of the wrong type gets only invalid_type (not also the enum or length it then fails), and
// the unknown members of one object are one unrecognized_keys detail listing them.
import type { ErrorObject } from 'ajv';

export type PathSegment = string | number;

export interface ValidationDetail {
    [member: string]: unknown;
    code: 'too_small' | 'too_big' | 'invalid_type' | 'invalid_value' | 'unrecognized_keys';
    path: PathSegment[];
    message: string;
    origin?: 'string' | 'number' | 'array' | 'body';
    minimum?: number;
    maximum?: number;
    inclusive?: boolean;
    expected?: string;
    values?: unknown[];
    keys?: string[];
}

export function mapAjvErrors(errors: readonly ErrorObject[], body: unknown): ValidationDetail[] {
    // Linear in the errors: details are found by code and path in a Map (a body of 100,000 unknown
    // keys is 100,000 errors; comparing each with every other took minutes of a worker's time).
    const out: ValidationDetail[] = [];
    const byCodeAndPath = new Map<string, ValidationDetail>();
    const wrongType = new Set<string>();
    for (const e of errors) {
        const d = mapOne(e, toPath(e.instancePath, body));
        if (!d) continue;
        const at = JSON.stringify(d.path);
        const key = `${d.code} ${at}`;
        const same = byCodeAndPath.get(key);
        if (same) {
            if (d.code === 'unrecognized_keys') same.keys!.push(...d.keys!);
            continue;
        }
        byCodeAndPath.set(key, d);
        if (d.code === 'invalid_type') wrongType.add(at);
        out.push(d);
    }
    for (const d of out) if (d.code === 'unrecognized_keys') d.message = unrecognizedMessage(d.keys!);
    // A wrong type explains every other complaint about the same value.
    return out.filter((d) => d.code === 'invalid_type' || !wrongType.has(JSON.stringify(d.path)));
}

function mapOne(e: ErrorObject, path: PathSegment[]): ValidationDetail | undefined {
    const p = e.params as Record<string, unknown>;
    switch (e.keyword) {
        case 'type': {
            const expected = expectedType(p.type);
            return { code: 'invalid_type', path, expected, message: `Invalid input: expected ${expected}, received ${received(e.data)}` };
        }
        case 'required': {
            const name = String(p.missingProperty);
            const props = (e.parentSchema?.properties ?? {}) as Record<string, { type?: unknown }>;
            const expected = expectedType(props[name]?.type ?? 'object');
            return {
                code: 'invalid_type',
                path: [...path, name],
                expected,
                message: `Invalid input: expected ${expected}, received undefined`,
            };
        }
        case 'additionalProperties': {
            const keys = [String(p.additionalProperty)];
            return { code: 'unrecognized_keys', path, keys, message: unrecognizedMessage(keys) };
        }
        case 'enum':
        case 'const': {
            const accepted = e.keyword === 'enum' ? [...(p.allowedValues as unknown[])] : [p.allowedValue];
            const unavailable = (e.parentSchema?.['x-unavailable'] ?? []) as unknown[];
            // A documented value this server does not offer (docs/runtime-server.md): "fallback
            // unavailable", listing the values it accepts.
            if (unavailable.includes(e.data))
                return { code: 'invalid_value', path, values: accepted, message: `${path[path.length - 1] ?? 'value'} unavailable` };
            // Outside the member's values: `values` lists all of them, the documented but unavailable
            // ones too (fallback: off, quote-first, offset).
            const values = [...accepted, ...unavailable];
            const listed = (vs: unknown[], sep: string): string => vs.map((v) => JSON.stringify(v)).join(sep);
            const note = unavailable.length > 0 ? ` (${listed(unavailable, ', ')} unavailable)` : '';
            return { code: 'invalid_value', path, values, message: `Invalid option: expected one of ${listed(values, '|')}${note}` };
        }
        case 'discriminator': {
            const tag = String(p.tag);
            if (p.error === 'tag')
                return {
                    code: 'invalid_type',
                    path: [...path, tag],
                    expected: 'string',
                    message: `Invalid input: expected string, received ${received(p.tagValue)}`,
                };
            const values = ((e.parentSchema?.oneOf ?? []) as Array<{ properties?: Record<string, { const?: unknown }> }>).map(
                (s) => s.properties?.[tag]?.const,
            );
            return {
                code: 'invalid_value',
                path: [...path, tag],
                values,
                message: `Invalid option: expected one of ${values.map((v) => JSON.stringify(v)).join('|')}`,
            };
        }
        case 'minLength':
        case 'x-trimmed-length':
        case 'maxLength': {
            const small = e.keyword === 'minLength' || p.comparison === '>=';
            return bound(path, 'string', small, Number(p.limit), true, 'characters');
        }
        case 'minItems':
        case 'maxItems':
            return bound(path, 'array', e.keyword === 'minItems', Number(p.limit), true, 'items');
        case 'minimum':
        case 'maximum':
        case 'exclusiveMinimum':
        case 'exclusiveMaximum': {
            const small = p.comparison === '>=' || p.comparison === '>';
            return bound(path, 'number', small, Number(p.limit), p.comparison === '>=' || p.comparison === '<=');
        }
        default:
            // Not produced by the body schemas; kept as a generic detail rather than lost.
            return { code: 'invalid_value', path, message: e.message ?? 'Invalid input' };
    }
}

function bound(
    path: PathSegment[],
    origin: 'string' | 'number' | 'array',
    small: boolean,
    limit: number,
    inclusive: boolean,
    unit?: string,
): ValidationDetail {
    const op = small ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<';
    const what = unit ? `${origin} to have ${op}${limit} ${unit}` : `${origin} to be ${op}${limit}`;
    const d: ValidationDetail = small
        ? { code: 'too_small', path, origin, minimum: limit, inclusive, message: `Too small: expected ${what}` }
        : { code: 'too_big', path, origin, maximum: limit, inclusive, message: `Too big: expected ${what}` };
    return d;
}

/** Unknown keys named in a message at most (`keys` lists them all). */
const KEYS_NAMED = 20;

function unrecognizedMessage(keys: string[]): string {
    const named = keys.slice(0, KEYS_NAMED).map((k) => JSON.stringify(k.length > 64 ? `${k.slice(0, 64)}…` : k));
    const more = keys.length > KEYS_NAMED ? ` and ${keys.length - KEYS_NAMED} more` : '';
    return `Unrecognized key${keys.length > 1 ? 's' : ''}: ${named.join(', ')}${more}`;
}

function expectedType(type: unknown): string {
    const list = Array.isArray(type) ? type : String(type).split(',');
    return list.filter((t) => t !== 'null').join(' | ') || 'null';
}

function received(v: unknown): string {
    if (v === undefined) return 'undefined';
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'array';
    return typeof v;
}

/** An ajv instance path as the API's path array: array indices as numbers. */
export function toPath(pointer: string, body: unknown): PathSegment[] {
    if (pointer === '') return [];
    const out: PathSegment[] = [];
    let node: unknown = body;
    for (const raw of pointer.slice(1).split('/')) {
        const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
        if (Array.isArray(node) && /^\d+$/.test(token)) {
            out.push(Number(token));
            node = node[Number(token)];
        } else {
            out.push(token);
            node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[token] : undefined;
        }
    }
    return out;
}
