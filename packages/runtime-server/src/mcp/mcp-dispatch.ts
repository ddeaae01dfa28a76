// Tool calls over /mcp run the REST route they mirror in process, as the /mcp request's caller: the
// route's admission (authentication with the tool's scope, the per-key and per-account limits) and
// its handler (credit, the extraction limit, the engine), exactly once per call — /mcp itself counts
// only the client IP, and the route is called directly, so it never meets the per-IP hook again.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { V1Caller, V1Routes } from '../http/v1-dispatch.js';
import { errorBody, type ApiCaller } from './mcp-results.js';

/** The caller of one /mcp request, carried to the tool handler in `authInfo.extra.caller`. */
export type McpCallerInfo = V1Caller;

/** An ApiCaller running each call through the /v1 route as the caller its authInfo names. */
export function routeCaller(routes: V1Routes): ApiCaller {
    return async (path, body, authInfo?: AuthInfo) => {
        const caller = authInfo?.extra?.caller as McpCallerInfo | undefined;
        // Only /mcp requests reach this Server, and each carries its caller; anything else has no key.
        if (caller === undefined) return { status: 401, body: errorBody('unauthorized', 'No caller for this tool call.') };
        return routes.call(path, caller, JSON.stringify(body));
    };
}
