// Ajv validators of the three bodies, compiled once at start-up. allErrors reports every problem of a
// body at once; verbose keeps each failing value and its schema for the detail mapper; ajv counts
// string lengths in code points by default. The two service keywords are registered here.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { codePoints as codePointLength } from '@svc/compiler';
import { mapAjvErrors, type ValidationDetail } from './detail-mapper.js';
import { BODY_SCHEMAS, type BodyKind, type JsonSchema } from './request-schemas.js';

interface TrimmedLength {
    minimum: number;
    maximum: number;
}

type KeywordValidate = ((schema: TrimmedLength, data: string) => boolean) & { errors?: Partial<ErrorObject>[] };

export function createAjv(): Ajv2020 {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, discriminator: true, strict: true });
    const trimmed: KeywordValidate = (bounds, data) => {
        const t = data.trim();
        // UTF-16 length bounds the code-point count from above and half of it from below.
        const n = t.length <= bounds.maximum && t.length >= 2 * bounds.minimum ? t.length : codePointLength(t);
        if (n < bounds.minimum) trimmed.errors = [{ keyword: 'x-trimmed-length', params: { limit: bounds.minimum, comparison: '>=' } }];
        else if (t.length > bounds.maximum && n > bounds.maximum)
            trimmed.errors = [{ keyword: 'x-trimmed-length', params: { limit: bounds.maximum, comparison: '<=' } }];
        else return true;
        return false;
    };
    ajv.addKeyword({ keyword: 'x-trimmed-length', type: 'string', schemaType: 'object', errors: true, validate: trimmed });
    ajv.addKeyword({ keyword: 'x-unavailable', schemaType: 'array' }); // an annotation read by the detail mapper
    return ajv;
}

/**
 * Details a 400 lists at most; the message then says how many problems there were. Each detail is
 * about ten times the size of the value it complains about, so an uncapped list made a 1.7 MB body
 * a 17.8 MB answer.
 */
export const MAX_DETAILS = 100;

export interface BodyProblems {
    /** At most MAX_DETAILS, in ajv's order. */
    details: ValidationDetail[];
    /** How many there were in all. */
    total: number;
}

/** The message of a 400 whose details were cut to MAX_DETAILS (unchanged when none were). */
export function listedMessage(message: string, total: number): string {
    return total > MAX_DETAILS ? `${message} ${total} problems; the first ${MAX_DETAILS} are listed.` : message;
}

export class BodyValidator {
    private readonly validators: Record<BodyKind, ValidateFunction>;
    /** Each body schema without the items of arrays that have a maxItems, where there are such arrays. */
    private readonly bounds: Partial<Record<BodyKind, ValidateFunction>> = {};

    constructor(ajv: Ajv2020 = createAjv()) {
        this.validators = {
            validate: ajv.compile(BODY_SCHEMAS.validate),
            extraction: ajv.compile(BODY_SCHEMAS.extraction),
            edit: ajv.compile(BODY_SCHEMAS.edit),
        };
        for (const kind of Object.keys(BODY_SCHEMAS) as BodyKind[]) {
            const light = withoutBoundedItems(BODY_SCHEMAS[kind]);
            if (light.changed) this.bounds[kind] = ajv.compile(light.schema as JsonSchema);
        }
    }

    /** The API's validation details for `body` (at most MAX_DETAILS), empty when it is valid. */
    check(kind: BodyKind, body: unknown): ValidationDetail[] {
        return this.problems(kind, body).details;
    }

    /** The details for `body` (at most MAX_DETAILS) and how many problems there were. */
    problems(kind: BodyKind, body: unknown): BodyProblems {
        // allErrors checks every item of an array even once it is over its maxItems (a 2 MiB list
        // of bad entries is a million errors): an array over its bound is judged without its items.
        const bounds = this.bounds[kind];
        if (bounds && !bounds(body) && bounds.errors!.some((e) => e.keyword === 'maxItems')) return listed(bounds.errors!, body);
        const validate = this.validators[kind];
        return validate(body) ? { details: [], total: 0 } : listed(validate.errors ?? [], body);
    }
}

function listed(errors: readonly ErrorObject[], body: unknown): BodyProblems {
    const all = mapAjvErrors(errors, body);
    return { details: all.length > MAX_DETAILS ? all.slice(0, MAX_DETAILS) : all, total: all.length };
}

/** A copy of `schema` without `items` wherever `maxItems` bounds the array (`changed`: some was). */
function withoutBoundedItems(schema: unknown): { schema: unknown; changed: boolean } {
    let changed = false;
    const copy = (node: unknown): unknown => {
        if (Array.isArray(node)) return node.map(copy);
        if (node === null || typeof node !== 'object') return node;
        const out: Record<string, unknown> = {};
        const bounded = typeof (node as { maxItems?: unknown }).maxItems === 'number';
        for (const [k, v] of Object.entries(node)) {
            if (bounded && k === 'items') changed = true;
            else out[k] = copy(v);
        }
        return out;
    };
    return { schema: copy(schema), changed };
}
