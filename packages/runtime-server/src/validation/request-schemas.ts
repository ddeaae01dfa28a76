// The JSON Schemas (2020-12) of the three request bodies: the one source for ajv's validators and for
// the OpenAPI document. Two keywords are the service's own:
//   x-trimmed-length  {minimum, maximum}: code points of the string after trimming (the document);
//                      the OpenAPI document renders it as minLength/maxLength.
//   x-unavailable     values that exist but are refused with the message "fallback unavailable".
// Lengths count code points (ajv's `unicode` option), as the API's "characters" do.

import { languages } from '@svc/extraction';

export type JsonSchema = Record<string, unknown>;

export const MAX_DOCUMENT_CHARS = 50_000;
/**
 * Entries of a withdraw list: as many as a session's active mentions (MAX_SESSION_MENTIONS in
 * @svc/extraction's edits/edit-apply.ts), since each must name a different one. Without a bound a
 * 1.7 MB list of bad entries was answered with 120,000 details (17.8 MB).
 */
export const MAX_WITHDRAW = 10_000;
export const EDIT_ACTIONS = ['insert', 'retract', 'preview_reconciliation', 'reconcile'] as const;

const document: JsonSchema = {
    type: 'string',
    description: `The document text, 1 to ${MAX_DOCUMENT_CHARS} characters (code points) after trimming; kept exactly as sent.`,
    'x-trimmed-length': { minimum: 1, maximum: MAX_DOCUMENT_CHARS },
};

const schema: JsonSchema = {
    type: 'object',
    description: 'A schema (docs/schema-language.md). Compiled once the body is valid; compile errors are E- codes.',
};

// The languages with a locale profile (@svc/extraction), read when a validator or the OpenAPI
// document is built: a registered language is accepted without an edit here.
const language: JsonSchema = {
    type: 'string',
    get enum() {
        return languages();
    },
    default: 'en',
    description: 'Document language.',
};

// A string in a new extraction (documented as an optional string; null is invalid_type like a
// null language or options); an extraction sent back to edit may hold the null it was answered
// with when no reference was sent (an extraction's reference is a string or null).
const reference: JsonSchema = {
    type: 'string',
    maxLength: 128,
    description: 'Client identifier, at most 128 characters, returned unchanged.',
};

const storedReference: JsonSchema = {
    type: ['string', 'null'],
    maxLength: 128,
    description: 'The reference of the extraction as returned: the one sent at creation, or null when none was.',
};

const options: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    properties: {
        on_conflict: { type: 'string', enum: ['withhold'], default: 'withhold', description: 'Conflicting fields get no value.' },
        fallback: {
            type: 'string',
            enum: ['off'],
            default: 'off',
            'x-unavailable': ['quote-first', 'offset'],
            description: '`quote-first` and `offset` exist but are unavailable (400, "fallback unavailable").',
        },
    },
};

const candidate: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['slot', 'quote', 'p'],
    properties: {
        slot: { type: 'string', minLength: 1, description: 'Field name.' },
        quote: { type: 'string', minLength: 1, description: 'Text occurring verbatim in the document.' },
        p: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'Confidence, strictly between 0 and 1.' },
        start: { type: 'integer', minimum: 0, description: 'Code-point offset picking the occurrence of quote.' },
    },
};

const withdrawEntry: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['bundle', 'mention'],
    properties: { bundle: { type: 'integer', minimum: 0 }, mention: { type: 'integer', minimum: 0 } },
};

const action = (name: string): JsonSchema => ({ const: name });

const edit: JsonSchema = {
    type: 'object',
    discriminator: { propertyName: 'action' },
    oneOf: [
        {
            type: 'object',
            additionalProperties: false,
            required: ['action', 'candidate'],
            properties: { action: action('insert'), candidate },
        },
        {
            type: 'object',
            additionalProperties: false,
            required: ['action', 'bundle'],
            properties: {
                action: action('retract'),
                bundle: { type: 'integer', minimum: 0, description: 'A bundle id from active_bundles.' },
            },
        },
        {
            type: 'object',
            additionalProperties: false,
            required: ['action', 'intent', 'withdraw'],
            properties: {
                action: action('preview_reconciliation'),
                intent: { type: 'string', minLength: 1, maxLength: 500, description: 'Reason, 1 to 500 characters.' },
                withdraw: {
                    type: 'array',
                    minItems: 1,
                    maxItems: MAX_WITHDRAW,
                    items: withdrawEntry,
                    description: `The mentions to withdraw, 1 to ${MAX_WITHDRAW} (each names a different active mention).`,
                },
                candidate,
            },
        },
        {
            type: 'object',
            additionalProperties: false,
            required: ['action', 'plan'],
            properties: { action: action('reconcile'), plan: { type: 'string', minLength: 1, description: 'The plan from the preview.' } },
        },
    ],
};

export const VALIDATE_BODY: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['schema'],
    properties: { schema },
};

export const EXTRACTION_BODY: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['document', 'schema'],
    properties: { document, schema, language, reference, options },
};

export const EDIT_BODY: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['extraction', 'edit'],
    properties: {
        extraction: {
            type: 'object',
            description: 'An extraction as returned; only document, schema, language, reference, options and session are read.',
            required: ['document', 'schema', 'session'],
            properties: { document, schema, language, reference: storedReference, options, session: { type: 'string', minLength: 1 } },
        },
        edit,
    },
};

export type BodyKind = 'validate' | 'extraction' | 'edit';

export const BODY_SCHEMAS: Readonly<Record<BodyKind, JsonSchema>> = {
    validate: VALIDATE_BODY,
    extraction: EXTRACTION_BODY,
    edit: EDIT_BODY,
};

/** Where the schema sits in each body (its JSON errors are reported relative to it). */
export const SCHEMA_POINTER: Readonly<Record<BodyKind, string>> = {
    validate: '/schema',
    extraction: '/schema',
    edit: '/extraction/schema',
};
