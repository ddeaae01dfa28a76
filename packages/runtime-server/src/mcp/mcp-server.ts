// The MCP server of svc (docs/mcp.md), built on the official SDK's low-level Server so that the tool
// schemas can be given as the JSON Schemas of the OpenAPI document (McpServer wants Zod shapes).
// It knows nothing of HTTP or keys: every tool call is handed to an ApiCaller, which sends it to the
// REST route the tool mirrors — in process with the caller's headers for /mcp, over HTTP for
// `svc mcp` — so authentication, scopes, limits, credit and the engine are the route's, never a copy.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
    CallToolRequestSchema,
    ErrorCode,
    ListResourcesRequestSchema,
    ListToolsRequestSchema,
    McpError,
    ReadResourceRequestSchema,
    type CallToolRequest,
    type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { errorBody, errorResult, toolResult, type ApiCaller } from './mcp-results.js';
import { SCHEMA_LANGUAGE_URI, TOOLS, findTool } from './mcp-tools.js';

export const MCP_SERVER_INFO = { name: 'svc', title: 'svc document extraction', version: '1.0.0' } as const;

const INSTRUCTIONS =
    'svc extracts typed, evidence-backed values from plain-text documents (en, nl) with a schema. ' +
    'Check a schema with validate_schema, extract with extract, correct the result with edit_extraction. ' +
    `The schema language is described in the resource ${SCHEMA_LANGUAGE_URI}.`;

export interface McpServerOptions {
    callApi: ApiCaller;
    /** The schema-language reference (Markdown), served as svc://docs/schema-language. */
    schemaLanguageDoc: string;
}

// Listed once: the tool table never changes while the process runs.
const LISTED_TOOLS = TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema,
    outputSchema: t.outputSchema,
    // Only extract changes anything (it spends credit); the service stores no extraction or edit.
    annotations: {
        title: t.title,
        readOnlyHint: t.name !== 'extract',
        destructiveHint: false,
        idempotentHint: t.name !== 'extract',
        openWorldHint: false,
    },
}));

const RESOURCE = {
    uri: SCHEMA_LANGUAGE_URI,
    name: 'schema-language',
    title: 'svc schema language reference',
    description: 'Fields, types, keys, relations and the expression language of svc schemas, with every E- code.',
    mimeType: 'text/markdown',
};

/** tools/call by its method only (the SDK's wrapper validates the params: see createMcpServer). */
const CALL_TOOL_METHOD = CallToolRequestSchema.pick({ method: true }).passthrough();

// The SDK builds a fresh Ajv per Server unless given one (milliseconds each); the servers of a process
// (tests start many) share this one (it only validates elicitation answers, which svc never asks for).
let sharedValidator: AjvJsonSchemaValidator | undefined;

/**
 * The SDK's Server, except that a request asking for a task (`params.task`, which svc does not
 * offer) is the client's mistake, -32602 invalid params: the SDK throws a plain Error there, which
 * its protocol layer answers -32603 internal error.
 */
class SvcMcpServer extends Server {
    protected override assertTaskHandlerCapability(method: string): void {
        try {
            super.assertTaskHandlerCapability(method);
        } catch (e) {
            throw new McpError(ErrorCode.InvalidParams, e instanceof Error ? e.message : String(e));
        }
    }
}

export function createMcpServer(options: McpServerOptions): Server {
    sharedValidator ??= new AjvJsonSchemaValidator();
    const server = new SvcMcpServer(MCP_SERVER_INFO, {
        capabilities: { tools: {}, resources: {} },
        instructions: INSTRUCTIONS,
        jsonSchemaValidator: sharedValidator,
    });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: LISTED_TOOLS }));
    // Registered with the method alone: the SDK's tools/call wrapper checks the params and answers a
    // bad one -32602 invalid params; with the full schema the protocol layer parsed them first and
    // answered -32603 internal error ("arguments": null, or a list).
    server.setRequestHandler(CALL_TOOL_METHOD, async (loose, extra): Promise<CallToolResult> => {
        const request = loose as unknown as CallToolRequest;
        const tool = findTool(request.params.name);
        if (!tool) {
            return errorResult(
                errorBody('not_found', `No such tool "${request.params.name}"; the tools are ${TOOLS.map((t) => t.name).join(', ')}.`),
            );
        }
        return toolResult(tool, await options.callApi(tool.path, request.params.arguments ?? {}, extra.authInfo));
    });
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [RESOURCE] }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
        if (request.params.uri !== SCHEMA_LANGUAGE_URI)
            throw new McpError(ErrorCode.InvalidParams, `No such resource: ${request.params.uri}`);
        return { contents: [{ uri: SCHEMA_LANGUAGE_URI, mimeType: 'text/markdown', text: options.schemaLanguageDoc }] };
    });
    return server;
}
