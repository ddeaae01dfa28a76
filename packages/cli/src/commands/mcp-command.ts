// `svc mcp`: the MCP server over stdio for desktop clients (docs/mcp.md). Every tool call is
// forwarded to the REST API at SVC_API_URL with the key in SVC_API_KEY, so credit, scopes and
// limits apply exactly as over /mcp. Without a key it still starts and answers every tool call with
// an isError result saying how to set one. stdout belongs to the protocol: nothing else is written there.
import {
    API_CALL_TIMEOUT_MS,
    StdioLineTransport,
    createMcpServer,
    httpApiCaller,
    loadSchemaLanguageDoc,
    missingKeyCaller,
} from '@svc/runtime-server';
import { parseCommandArgs, type CliIO, type Command } from '../cli-types.js';

export const DEFAULT_API_URL = 'http://127.0.0.1:8080';

export const mcpCommand: Command = {
    name: 'mcp',
    usage: 'svc mcp   (configured by SVC_API_URL, default http://127.0.0.1:8080, and SVC_API_KEY)',
    async run(args: string[], io: CliIO): Promise<number> {
        parseCommandArgs({ args, options: {}, allowPositionals: false });
        const url = io.env.SVC_API_URL?.trim() || DEFAULT_API_URL;
        const key = io.env.SVC_API_KEY?.trim();
        if (!key) io.stderr('svc mcp: SVC_API_KEY is not set; every tool call will say how to set it\n');
        const server = createMcpServer({
            callApi: key ? httpApiCaller(url, key) : missingKeyCaller(),
            schemaLanguageDoc: loadSchemaLanguageDoc(),
        });
        // Unlike the SDK's stdio transport, it answers every line it cannot read (-32700, -32600).
        const transport = new StdioLineTransport();
        const closed = new Promise<boolean>((resolve) => {
            transport.onclose = () => resolve(false);
            process.stdin.once('end', () => resolve(true)); // the client went away
        });
        await server.connect(transport);
        // Calls read before stdin ended are answered first; each ends by the API call's own timeout.
        if (await closed) await transport.answered(API_CALL_TIMEOUT_MS + 5_000);
        await server.close();
        return 0;
    },
};
