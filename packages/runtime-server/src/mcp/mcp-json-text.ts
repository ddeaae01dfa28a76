// JSON-RPC text as both MCP transports read it (docs/mcp.md): nesting is measured in one pass before
// JSON.parse, so nothing recursive (the SDK's schemas, JSON.stringify of the arguments) ever sees a
// value deeper than MAX_MESSAGE_DEPTH; a deeper message is a parse error (-32700).
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Deeper than any body a route accepts (66 levels plus the JSON-RPC envelope), shallow enough for JSON.stringify. */
export const MAX_MESSAGE_DEPTH = 256;

export const PARSE_ERROR_MESSAGE = 'Parse error: invalid JSON or nested too deeply';

/** The JSON value, or undefined when the text is not JSON or nests deeper than MAX_MESSAGE_DEPTH. */
export function parseMessage(text: string): unknown {
    if (nestingDepth(text) > MAX_MESSAGE_DEPTH) return undefined;
    try {
        return JSON.parse(text);
    } catch {
        return undefined;
    }
}

/** The deepest bracket nesting outside strings, in one pass (before anything recurses into the value). */
export function nestingDepth(text: string): number {
    let depth = 0;
    let max = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
            if (c === 0x5c)
                i++; // backslash: skip the escaped character
            else if (c === 0x22) inString = false;
        } else if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
        else if (c === 0x7d || c === 0x5d) depth--;
    }
    return max;
}

/** A JSON-RPC error answer that names no request (the request could not be read). */
export function unaddressedError(code: ErrorCode, message: string): JSONRPCMessage {
    return { jsonrpc: '2.0', id: null, error: { code, message } } as unknown as JSONRPCMessage;
}
