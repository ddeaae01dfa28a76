// The three MCP tools (docs/mcp.md). Each mirrors one REST route, and its input and output schemas
// are taken from the OpenAPI document (GET /openapi.json), itself generated from the JSON Schemas
// the routes validate with: one definition of every request and response, so the REST, OpenAPI and
// MCP descriptions cannot disagree.
import type { Scope } from '../auth/scopes.js';
import { buildOpenApiDocument } from '../http/openapi-document.js';
import type { JsonSchema } from '../validation/request-schemas.js';

export interface ToolSpec {
    name: 'validate_schema' | 'extract' | 'edit_extraction';
    title: string;
    description: string;
    /** The REST route every call of this tool is sent to (same key, scope, limits, credit). */
    path: '/v1/schemas/validate' | '/v1/extractions' | '/v1/extractions/edit';
    scope: Scope;
    inputSchema: JsonSchema & { type: 'object' };
    outputSchema: JsonSchema & { type: 'object' };
}

export const SCHEMA_LANGUAGE_URI = 'svc://docs/schema-language';

// What a schema is, in a few lines, for a model choosing and filling in the tools.
const SCHEMA_PRIMER =
    'A schema is JSON: {"svc_schema": "1.0", "name", "fields": [{"name", "type", …}], "relations": [{"id", "expr"}]}. ' +
    'Field types include string (optional RE2 "pattern"), date, datetime, decimal and money ("scale", "currency"), enums, durations and arrays; ' +
    'relations are boolean expressions over fields such as "total == net + vat", used to check values and settle conflicting readings. ' +
    `The full reference is the resource ${SCHEMA_LANGUAGE_URI}.`;

const DESCRIPTIONS: Record<ToolSpec['name'], string> = {
    validate_schema:
        'Compile an svc schema and report every error (E- codes with a JSON pointer and, for expressions, a span) ' +
        'and warning, without extracting anything. A schema that fails here fails identically in extract. ' +
        SCHEMA_PRIMER,
    extract:
        'Extract typed values from a plain-text document (English "en" or Dutch "nl") with a schema. Returns the extraction object: ' +
        'per field a status (found, missing, conflict, …) and value, evidence as code-point offsets into the document, conflicts with ' +
        'possible repairs, and a signed session. Keep the whole object to edit it later with edit_extraction. Uses credit (one read ' +
        'per 4,096-token window) and counts as a model extraction (30 per minute per account). ' +
        SCHEMA_PRIMER,
    edit_extraction:
        'Apply one change to an extraction returned by extract or by an earlier edit, without reading the document again: ' +
        'edit.action "insert" (a candidate {slot, quote, p} quoted verbatim from the document), "retract" (an evidence bundle id from ' +
        'active_bundles), "preview_reconciliation" (intent and the mentions to withdraw; returns a preview with a signed plan) or ' +
        '"reconcile" (that plan). Send the extraction back unchanged, session included; the result is the new extraction (store it). ' +
        SCHEMA_PRIMER,
};

type JsonBody = { content: Record<string, { schema: unknown }> };
type OpenApi = {
    paths: Record<string, { post: { requestBody: JsonBody; responses: Record<string, JsonBody> } }>;
    components: { schemas: Record<string, unknown> };
};

/** A copy with every `#/components/schemas/X` reference replaced by X (the schemas are not recursive). */
function inline(schema: unknown, components: Record<string, unknown>): unknown {
    if (Array.isArray(schema)) return schema.map((s) => inline(s, components));
    if (schema === null || typeof schema !== 'object') return schema;
    const ref = (schema as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
        const target = components[ref.slice('#/components/schemas/'.length)];
        if (target === undefined) throw new Error(`unresolved reference ${ref} in the OpenAPI document`);
        return inline(target, components);
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema)) out[k] = inline(v, components);
    return out;
}

/** MCP requires `type: "object"` at the root of both schemas; a bare oneOf of objects gets it added. */
function asObjectSchema(schema: unknown): JsonSchema & { type: 'object' } {
    return { type: 'object', ...(schema as JsonSchema) } as JsonSchema & { type: 'object' };
}

function buildTools(): readonly ToolSpec[] {
    const doc = buildOpenApiDocument() as unknown as OpenApi;
    const route = (path: ToolSpec['path']) => {
        const post = doc.paths[path]!.post;
        return {
            input: inline(post.requestBody.content['application/json'].schema, doc.components.schemas) as JsonSchema,
            output: inline(post.responses['200'].content['application/json'].schema, doc.components.schemas),
        };
    };
    const spec = (
        name: ToolSpec['name'],
        title: string,
        path: ToolSpec['path'],
        scope: Scope,
        shapeInput = (s: JsonSchema) => s,
    ): ToolSpec => {
        const { input, output } = route(path);
        return {
            name,
            title,
            description: DESCRIPTIONS[name],
            path,
            scope,
            inputSchema: asObjectSchema(shapeInput(input)),
            outputSchema: asObjectSchema(output),
        };
    };
    return Object.freeze([
        spec('validate_schema', 'Validate an svc schema', '/v1/schemas/validate', 'schemas:validate'),
        // The tool offers {schema, document, language?, reference?}: `options` has one allowed value per
        // member, already the default, so it is left out of what a model is asked to fill in.
        spec('extract', 'Extract data from a document', '/v1/extractions', 'extractions:create', withoutOptions),
        spec('edit_extraction', 'Edit an extraction', '/v1/extractions/edit', 'extractions:edit'),
    ]);
}

function withoutOptions(schema: JsonSchema): JsonSchema {
    const properties = { ...(schema.properties as Record<string, unknown>) };
    delete properties.options;
    return { ...schema, properties };
}

export const TOOLS: readonly ToolSpec[] = buildTools();

export function findTool(name: string): ToolSpec | undefined {
    return TOOLS.find((t) => t.name === name);
}
