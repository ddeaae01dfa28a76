// Tool calls over /mcp run the REST route they mirror in process, as the /mcp request's caller: the
// route's admission (authentication with the tool's scope, the per-key and per-account limits) and
// its handler (credit, the extraction limit, the engine), exactly once per call. /mcp itself applies
// the per-IP limit before the key (charged only when the key fails, or when a POST carries no tool
// call), and the route is called directly, so it never meets the per-IP hook again.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { V1Caller, V1Routes } from '../http/v1-dispatch.js';
import { batchTooBig, type AnswerBudget } from './mcp-answer-budget.js';
import type { RawAnswers } from './mcp-raw-answers.js';
import { errorBody, type ApiAnswer, type ApiCaller } from './mcp-results.js';

/** The caller of one tool call of a /mcp request, carried to the tool handler in `authInfo.extra.caller`. */
export interface McpCallerInfo extends V1Caller {
    /** What the request's answers may still take (shared by the calls of one POST). */
    budget?: AnswerBudget;
    /** Where the POST keeps its answers' JSON text, written into its response unparsed. */
    raw?: RawAnswers;
}

/** An ApiCaller running each call through the /v1 route as the caller its authInfo names. */
export function routeCaller(routes: V1Routes): ApiCaller {
    return async (path, body, authInfo?: AuthInfo) => {
        const caller = authInfo?.extra?.caller as McpCallerInfo | undefined;
        // Only /mcp requests reach this Server, and each carries its caller; anything else has no key.
        if (caller === undefined) return { status: 401, body: errorBody('unauthorized', 'No caller for this tool call.') };
        let answer = await routes.call(path, caller, JSON.stringify(body));
        if (caller.budget && !caller.budget.take(answer, path === '/v1/extractions'))
            answer = batchTooBig(caller.budget, answer.json.length);
        // Parsed once it is known to be sent, for the summary; the text itself is what is sent.
        const out: ApiAnswer = { status: answer.status, body: JSON.parse(answer.json) as unknown };
        const isObject = out.body !== null && typeof out.body === 'object' && !Array.isArray(out.body);
        if (caller.raw && answer.status === 200 && isObject) out.structured = caller.raw.hold(answer.json);
        if (answer.retryAfter !== undefined) out.retryAfter = answer.retryAfter;
        return out;
    };
}
