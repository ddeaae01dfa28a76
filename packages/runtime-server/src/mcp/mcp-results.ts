// REST answers as MCP tool results (docs/mcp.md): a 200 carries the API's JSON body as
// structuredContent plus a short summary as text; anything else is an isError result whose text is
// the API's error body as JSON, so a client branches on the same `error.code` as over REST.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolSpec } from './mcp-tools.js';

/** One REST call as the MCP server sees it: the status, the parsed JSON body and a 429's Retry-After. */
export interface ApiAnswer {
    status: number;
    body: unknown;
    /** What a 200's structuredContent is instead of `body` (a stand-in for its text over /mcp: mcp-raw-answers.ts). */
    structured?: Record<string, unknown>;
    /** Seconds to wait before retrying (a 429's Retry-After header). */
    retryAfter?: number;
}

/**
 * Sends one tool's arguments to a REST route with the caller's key (in process or over HTTP); over
 * /mcp the caller of each request comes as the SDK's `extra.authInfo`.
 */
export type ApiCaller = (path: ToolSpec['path'], body: unknown, authInfo?: AuthInfo) => Promise<ApiAnswer>;

/**
 * The advice a rate_limited result adds: the wait the route's Retry-After gave, 60 seconds for the
 * per-minute limits (the interface's words) and 1 for an account's share of the worker queue.
 */
export function rateLimitAdvice(seconds = 60): string {
    return `Rate limit reached: wait ${seconds} second${seconds === 1 ? '' : 's'} before retrying this tool.`;
}

export function errorResult(body: unknown, retryAfter?: number): CallToolResult {
    const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(body) }];
    const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
    if (code === 'rate_limited') content.push({ type: 'text', text: rateLimitAdvice(retryAfter) });
    return { isError: true, content };
}

/** An error body of the interface's shape, for failures that happen before any API answer. */
export function errorBody(code: string, message: string): { error: { code: string; message: string } } {
    return { error: { code, message } };
}

export function toolResult(tool: ToolSpec, answer: ApiAnswer): CallToolResult {
    const body = answer.body;
    if (answer.status !== 200 || body === null || typeof body !== 'object' || Array.isArray(body))
        return errorResult(body, answer.retryAfter);
    const structuredContent = answer.structured ?? (body as Record<string, unknown>);
    return { content: [{ type: 'text', text: summarize(tool, body as AnswerBody) }], structuredContent };
}

const MAX_VALUE_CHARS = 120;

function show(value: unknown): string {
    if (value !== null && typeof value === 'object' && 'amount' in value && 'currency' in value) {
        return `${String((value as { amount: unknown }).amount)} ${String((value as { currency: unknown }).currency)}`;
    }
    const text = JSON.stringify(value) ?? 'null';
    return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/** The members of the API's answers a summary reads (validation, extraction or preview); all optional. */
interface AnswerBody {
    object?: string;
    schema_hash?: string;
    revision?: number;
    warnings?: unknown;
    impact?: Record<string, { before: unknown; after: unknown }>;
    usage?: { reads?: number };
    response?: { fields?: Record<string, { status?: string; value?: unknown }> };
}

function summarize(tool: ToolSpec, body: AnswerBody): string {
    if (tool.name === 'validate_schema') {
        const warnings: Array<{ code: string; message: string; pointer: string }> = Array.isArray(body.warnings)
            ? (body.warnings as Array<{ code: string; message: string; pointer: string }>)
            : [];
        const lines = [`The schema compiles (${body.schema_hash}); ${warnings.length} warning${warnings.length === 1 ? '' : 's'}.`];
        for (const w of warnings) lines.push(`- ${w.code} at ${w.pointer || '/'}: ${w.message}`);
        return lines.join('\n');
    }
    if (body.object === 'reconciliation_preview') {
        const impact = Object.entries(body.impact ?? {});
        const lines = [
            `Reconciliation preview at revision ${body.revision}; nothing changed yet. ` +
                `To apply it, call edit_extraction with the same extraction and {"action": "reconcile", "plan": <plan>}.`,
        ];
        if (impact.length === 0) lines.push('No field value would change.');
        for (const [name, change] of impact) lines.push(`- ${name}: ${show(change.before)} → ${show(change.after)}`);
        return lines.join('\n');
    }
    const reads = body.usage?.reads ?? 0;
    const lines = [
        `Extraction, revision ${body.revision}, ${reads} read${reads === 1 ? '' : 's'}. ` +
            'Keep the whole object (its session) to edit it with edit_extraction.',
    ];
    const fields = body.response?.fields ?? {};
    for (const [name, entry] of Object.entries(fields)) {
        const value = entry.value === null || entry.value === undefined ? '' : ` ${show(entry.value)}`;
        lines.push(`- ${name}: ${entry.status ?? 'unknown'}${value}`);
    }
    for (const w of (Array.isArray(body.warnings) ? body.warnings : []) as string[]) lines.push(`Warning: ${w}`);
    return lines.join('\n');
}
