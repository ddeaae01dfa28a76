// Ajv validators of the three bodies, compiled once at start-up. allErrors reports every problem of a
// body at once; verbose keeps each failing value and its schema for the detail mapper; ajv counts
// string lengths in code points by default. The two service keywords are registered here.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { codePoints as codePointLength } from '@svc/compiler';
import { mapAjvErrors, type ValidationDetail } from './detail-mapper.js';
import { BODY_SCHEMAS, type BodyKind } from './request-schemas.js';

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

export class BodyValidator {
    private readonly validators: Record<BodyKind, ValidateFunction>;

    constructor(ajv: Ajv2020 = createAjv()) {
        this.validators = {
            validate: ajv.compile(BODY_SCHEMAS.validate),
            extraction: ajv.compile(BODY_SCHEMAS.extraction),
            edit: ajv.compile(BODY_SCHEMAS.edit),
        };
    }

    /** The API's validation details for `body`, empty when it is valid. */
    check(kind: BodyKind, body: unknown): ValidationDetail[] {
        const validate = this.validators[kind];
        return validate(body) ? [] : mapAjvErrors(validate.errors ?? [], body);
    }
}
