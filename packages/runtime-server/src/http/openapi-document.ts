// GET /openapi.json: an OpenAPI 3.1 document generated from the same JSON Schemas ajv validates with,
// so the documentation cannot drift from the behaviour. The service's keyword x-trimmed-length is
// rendered as standard minLength/maxLength (with a note that they apply after trimming).
import { SCOPES } from '../auth/scopes.js';
import { languages } from '@svc/extraction';
import { BODY_SCHEMAS, type JsonSchema } from '../validation/request-schemas.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Deep copy with the service keywords turned into standard ones. */
export function toOpenApiSchema(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map(toOpenApiSchema);
    if (schema === null || typeof schema !== 'object') return schema;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema)) {
        if (k === 'x-trimmed-length') {
            const b = v as { minimum: number; maximum: number };
            out.minLength = b.minimum;
            out.maxLength = b.maximum;
            out['x-length-after-trimming'] = true;
        } else {
            out[k] = toOpenApiSchema(v);
        }
    }
    return out;
}

const errorBody: JsonSchema = {
    type: 'object',
    required: ['error'],
    properties: {
        error: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
                code: { type: 'string', description: 'Stable machine-readable code; branch on it.' },
                message: { type: 'string', description: 'Human-readable; may change; must not be parsed.' },
                details: {
                    type: 'array',
                    description:
                        'On 400 invalid_request: validation details {code, path, message, …} or compile errors {code, message, pointer, span?}.',
                    items: {
                        type: 'object',
                        required: ['code', 'message'],
                        properties: { code: { type: 'string' }, message: { type: 'string' } },
                    },
                },
            },
        },
    },
};

const warning: JsonSchema = {
    type: 'object',
    required: ['code', 'message', 'pointer'],
    properties: { code: { type: 'string' }, message: { type: 'string' }, pointer: { type: 'string' } },
};

const extraction: JsonSchema = {
    type: 'object',
    required: [
        'object',
        'reference',
        'language',
        'document',
        'schema',
        'options',
        'response',
        'active_bundles',
        'revision',
        'session',
        'warnings',
        'usage',
    ],
    properties: {
        object: { const: 'extraction' },
        reference: { type: ['string', 'null'] },
        language: {
            type: 'string',
            get enum() {
                return languages(); // read when the document is built: every registered language
            },
        },
        document: { type: 'string' },
        schema: { type: 'object' },
        options: { type: 'object' },
        response: {
            type: 'object',
            description: 'svc_response, schema_hash, data, fields, components, mentions, relations, reconciliations.',
        },
        active_bundles: { type: 'array', items: { type: 'integer' } },
        revision: { type: 'integer' },
        session: { type: 'string', description: 'Opaque and signed; pass back unchanged to edit.' },
        warnings: { type: 'array', items: { type: 'string' } },
        usage: {
            type: 'object',
            required: ['input_tokens', 'reads', 'window_tokens'],
            properties: { input_tokens: { type: 'integer' }, reads: { type: 'integer' }, window_tokens: { type: 'integer' } },
        },
    },
};

const preview: JsonSchema = {
    type: 'object',
    required: ['object', 'intent', 'withdraw', 'revision', 'after', 'impact', 'plan'],
    properties: {
        object: { const: 'reconciliation_preview' },
        intent: { type: 'string' },
        withdraw: { type: 'array', items: { type: 'object' } },
        revision: { type: 'integer' },
        after: { type: 'object' },
        impact: { type: 'object' },
        plan: { type: 'string' },
    },
};

const errorResponse = (description: string): JsonSchema => ({ description, content: { 'application/json': { schema: ref('Error') } } });
const ERRORS: Record<string, string> = {
    400: 'invalid_request: the body or the schema is invalid (details).',
    401: 'unauthorized: missing, unknown, revoked or expired key, or missing scope.',
    429: 'rate_limited: a limit was reached; Retry-After: 60.',
    500: 'internal_error.',
};

function operation(summary: string, scope: string, body: string, ok: JsonSchema, extra: Record<string, string> = {}): JsonSchema {
    const responses: Record<string, unknown> = { 200: { description: 'OK', content: { 'application/json': { schema: ok } } } };
    for (const [status, text] of Object.entries({ ...ERRORS, ...extra })) responses[status] = errorResponse(text);
    responses['429'] = { ...errorResponse(ERRORS[429]!), headers: { 'Retry-After': { schema: { type: 'integer', const: 60 } } } };
    return {
        summary,
        description: `Scope: ${scope}.`,
        security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: ref(body) } } },
        responses,
    };
}

export function buildOpenApiDocument(): Record<string, unknown> {
    return {
        openapi: '3.1.0',
        info: { title: 'svc document extraction service', version: '1.0.0', description: `Scopes: ${SCOPES.join(', ')}.` },
        paths: {
            '/v1/schemas/validate': {
                post: operation(
                    'Compile a schema and report every error',
                    'schemas:validate',
                    'ValidateRequest',
                    {
                        type: 'object',
                        required: ['schema_hash', 'warnings'],
                        properties: {
                            schema_hash: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' },
                            warnings: { type: 'array', items: ref('Warning') },
                        },
                    },
                    { 503: 'pipeline_unavailable: the compiler is unavailable or busy; retry shortly.' },
                ),
            },
            '/v1/extractions': {
                post: operation('Extract a document with a schema', 'extractions:create', 'ExtractionRequest', ref('Extraction'), {
                    402: 'insufficient_credit: the extraction needs more reads than are left.',
                    502: 'upstream_error: the extraction service failed.',
                    503: 'pipeline_unavailable: the extraction service is unavailable or busy; retry shortly.',
                }),
            },
            '/v1/extractions/edit': {
                post: operation(
                    'Apply one change to a stored extraction',
                    'extractions:edit',
                    'EditRequest',
                    { oneOf: [ref('Extraction'), ref('ReconciliationPreview')] },
                    { 503: 'pipeline_unavailable: editing is unavailable or busy; retry shortly.' },
                ),
            },
            '/v1/payments/callback': { post: paymentCallbackOperation() },
            '/healthz': {
                get: {
                    summary: 'Health check (no key)',
                    security: [],
                    responses: {
                        200: {
                            description: 'OK',
                            content: { 'application/json': { schema: { type: 'object', properties: { status: { const: 'ok' } } } } },
                        },
                    },
                },
            },
        },
        components: components(),
    };
}

/** The payment provider's callback (docs/panel.md): signed, no API key. */
function paymentCallbackOperation(): Record<string, unknown> {
    return {
        summary: 'Credit a top-up (the payment provider; only when SVC_PAYMENT_SECRET is set, else 404)',
        security: [],
        description:
            'Header Svc-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">; several v1 entries allowed. Each id is credited once.',
        parameters: [{ name: 'Svc-Signature', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: {
            required: true,
            content: {
                'application/json': {
                    schema: {
                        type: 'object',
                        additionalProperties: false,
                        required: ['id', 'email', 'reads', 'amount_eur'],
                        properties: {
                            id: { type: 'string', minLength: 1, maxLength: 200 },
                            email: { type: 'string' },
                            reads: { type: 'integer', minimum: 1 },
                            amount_eur: { type: 'string', pattern: '^[0-9]{1,12}([.][0-9]{1,2})?$' },
                        },
                    },
                },
            },
        },
        responses: {
            200: {
                description: 'Credited, or a replay (duplicate)',
                content: {
                    'application/json': {
                        schema: {
                            oneOf: [
                                {
                                    type: 'object',
                                    required: ['credited', 'credit_reads'],
                                    properties: { credited: { const: true }, credit_reads: { type: 'integer' } },
                                },
                                {
                                    type: 'object',
                                    required: ['credited', 'duplicate'],
                                    properties: { credited: { const: false }, duplicate: { const: true } },
                                },
                            ],
                        },
                    },
                },
            },
            400: {
                description: 'invalid_request: missing, stale or invalid signature; invalid body; unknown email.',
                content: { 'application/json': { schema: ref('Error') } },
            },
        },
    };
}

function components(): Record<string, unknown> {
    return {
        securitySchemes: {
            bearerAuth: {
                type: 'http',
                scheme: 'bearer',
                description: 'Authorization: Bearer <API key>; wins when both headers are sent.',
            },
            apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
        schemas: {
            ValidateRequest: toOpenApiSchema(BODY_SCHEMAS.validate),
            ExtractionRequest: toOpenApiSchema(BODY_SCHEMAS.extraction),
            EditRequest: toOpenApiSchema(BODY_SCHEMAS.edit),
            Extraction: extraction,
            ReconciliationPreview: preview,
            Warning: warning,
            Error: errorBody,
        },
    };
}
