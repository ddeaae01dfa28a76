// ApiCallers for `svc mcp` (stdio): tool calls forwarded to the REST API over HTTP with the key of
// SVC_API_KEY, so credit, scopes and limits apply exactly as over /mcp (docs/mcp.md).
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { errorBody, type ApiAnswer, type ApiCaller } from './mcp-results.js';

/** Long enough for a slow model behind the openai reader; a hung connection still ends. */
export const API_CALL_TIMEOUT_MS = 300_000;

export const MISSING_KEY_MESSAGE =
    'No API key: set SVC_API_KEY in the environment of `svc mcp` (the "env" of the MCP client\'s server entry) ' +
    'to a key created with `svc keys create` or in the panel, and SVC_API_URL to the API (default http://127.0.0.1:8080).';

/** Every call answered with the same isError body saying how to configure a key. */
export function missingKeyCaller(): ApiCaller {
    return async () => ({ status: 401, body: errorBody('unauthorized', MISSING_KEY_MESSAGE) });
}

export function httpApiCaller(baseUrl: string, key: string, fetchImpl: typeof fetch = fetch): ApiCaller {
    const base = baseUrl.replace(/\/+$/, '');
    return async (path, body): Promise<ApiAnswer> => {
        // Arguments that cannot be written as JSON are the client's mistake, not an unreachable API
        // (the transport refuses messages deeper than 256 levels, so this is a last guard).
        let text: string;
        try {
            text = JSON.stringify(body);
        } catch (e) {
            throw new McpError(ErrorCode.InvalidParams, `Invalid params: the arguments cannot be sent as JSON (${(e as Error).message})`);
        }
        let res: Response;
        try {
            res = await fetchImpl(base + path, {
                method: 'POST',
                headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
                body: text,
                signal: AbortSignal.timeout(API_CALL_TIMEOUT_MS),
            });
        } catch (e) {
            const reason = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message;
            return {
                status: 503,
                body: errorBody(
                    'pipeline_unavailable',
                    `Cannot reach the svc API at ${base} (${reason}); start it with \`svc serve\` or set SVC_API_URL.`,
                ),
            };
        }
        const answer = await res.text();
        try {
            const out: ApiAnswer = { status: res.status, body: JSON.parse(answer) as unknown };
            const retry = Number(res.headers.get('retry-after'));
            if (res.status === 429 && Number.isSafeInteger(retry) && retry > 0) out.retryAfter = retry;
            return out;
        } catch {
            return {
                status: 502,
                body: errorBody(
                    'upstream_error',
                    `The svc API at ${base} answered HTTP ${res.status} with a body that is not JSON; check SVC_API_URL.`,
                ),
            };
        }
    };
}
