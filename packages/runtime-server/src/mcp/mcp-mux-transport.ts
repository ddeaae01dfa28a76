// One long-lived SDK Server serves every POST /mcp through this Transport (the SDK's extension point
// for carrying JSON-RPC messages), instead of a new Server and streamable HTTP transport per request,
// whose set-up and tear-down cost more than the REST route they call (docs/mcp.md). Clients choose
// their request ids independently, so each request is handed to the Server under an id of its own and
// its response is returned under the client's id; the per-request caller travels as `authInfo`, which
// the SDK passes to the handler as `extra.authInfo`. Nothing is ever sent unasked: svc's Server makes
// no requests to clients and sends no notifications, so anything but a response is dropped.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, type JSONRPCRequest, type RequestId } from '@modelcontextprotocol/sdk/types.js';

interface Pending {
    clientId: RequestId;
    resolve: (response: JSONRPCMessage) => void;
}

export class MultiplexTransport implements Transport {
    onmessage?: Transport['onmessage'];
    onclose?: () => void;
    onerror?: (error: Error) => void;
    private readonly pending = new Map<number, Pending>();
    private nextId = 0;
    private closed = false;

    async start(): Promise<void> {}

    /** The Server's response to one client request, carrying the client's id. */
    request(message: JSONRPCRequest, authInfo: AuthInfo): Promise<JSONRPCMessage> {
        if (this.closed) return Promise.resolve(closedResponse(message.id));
        const id = (this.nextId = this.nextId >= Number.MAX_SAFE_INTEGER ? 1 : this.nextId + 1);
        return new Promise((resolve) => {
            this.pending.set(id, { clientId: message.id, resolve });
            this.onmessage?.({ ...message, id }, { authInfo });
        });
    }

    async send(message: JSONRPCMessage): Promise<void> {
        if (!('id' in message) || 'method' in message) return;
        const pending = this.pending.get(message.id as number);
        if (!pending) return;
        this.pending.delete(message.id as number);
        pending.resolve({ ...message, id: pending.clientId });
    }

    async close(): Promise<void> {
        if (this.closed) return;
        this.closed = true;
        for (const { clientId, resolve } of this.pending.values()) resolve(closedResponse(clientId));
        this.pending.clear();
        this.onclose?.();
    }
}

function closedResponse(id: RequestId): JSONRPCMessage {
    return { jsonrpc: '2.0', id, error: { code: ErrorCode.ConnectionClosed, message: 'Connection closed' } };
}
