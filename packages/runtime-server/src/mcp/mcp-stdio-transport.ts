// The stdio transport of `svc mcp` (docs/mcp.md): newline-delimited JSON-RPC, as the SDK's
// StdioServerTransport, except that every line it cannot read is answered. The SDK's transport reads
// a line with JSON.parse and passes a failure to onerror, so a client that sent a broken line waited
// for an answer that never came; and it read any depth, so deep arguments overflowed the stack when
// the call was forwarded. Here, as on /mcp: a line that is not JSON or nests deeper than 256 levels
// is -32700 parse error, JSON that is no JSON-RPC message (a batch too: stdio has none) -32600.
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { PARSE_ERROR_MESSAGE, parseMessage, unaddressedError } from './mcp-json-text.js';

/** The longest line read (the SDK's default buffer): the rest of a longer one is skipped and answered -32700. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

const NEWLINE = 0x0a;

export class StdioLineTransport implements Transport {
    onmessage?: Transport['onmessage'];
    onclose?: () => void;
    onerror?: (error: Error) => void;
    private parts: Buffer[] = [];
    private size = 0;
    /** Inside a line past MAX_LINE_BYTES (answered already): dropped up to its newline. */
    private skipping = false;
    private started = false;
    /** Ids of the requests read and not answered yet, and who waits for them all to be answered. */
    private readonly pending = new Set<string | number>();
    private readonly idle: Array<() => void> = [];

    constructor(
        private readonly input: Readable = process.stdin,
        private readonly output: Writable = process.stdout,
    ) {}

    private readonly onData = (chunk: Buffer): void => {
        let from = 0;
        for (let nl = chunk.indexOf(NEWLINE, from); nl !== -1; nl = chunk.indexOf(NEWLINE, from)) {
            this.append(chunk.subarray(from, nl));
            this.endLine();
            from = nl + 1;
        }
        this.append(chunk.subarray(from));
    };

    private readonly onInputError = (error: Error): void => {
        this.onerror?.(error);
    };

    async start(): Promise<void> {
        if (this.started) throw new Error('StdioLineTransport already started');
        this.started = true;
        this.input.on('data', this.onData);
        this.input.on('error', this.onInputError);
    }

    async send(message: JSONRPCMessage): Promise<void> {
        await new Promise<void>((resolve) => {
            if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
            else this.output.once('drain', resolve);
        });
        if ('result' in message || 'error' in message) this.settle(message.id);
    }

    private settle(id: unknown): void {
        if (this.pending.delete(id as string | number) && this.pending.size === 0) for (const wake of this.idle.splice(0)) wake();
    }

    /**
     * Resolves once every request read so far is answered, or after `timeoutMs`: a client that
     * closes stdin after a call still gets its answer (the call may have spent credit).
     */
    async answered(timeoutMs: number): Promise<void> {
        if (this.pending.size === 0) return;
        await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeoutMs);
            this.idle.push(() => {
                clearTimeout(timer);
                resolve();
            });
        });
    }

    async close(): Promise<void> {
        this.input.off('data', this.onData);
        this.input.off('error', this.onInputError);
        if (this.input.listenerCount('data') === 0) this.input.pause();
        this.parts = [];
        this.size = 0;
        this.onclose?.();
    }

    private append(part: Buffer): void {
        if (this.skipping || part.length === 0) return;
        if (this.size + part.length > MAX_LINE_BYTES) {
            this.parts = [];
            this.size = 0;
            this.skipping = true;
            this.answer(ErrorCode.ParseError, `Parse error: a message longer than ${MAX_LINE_BYTES} bytes`);
            return;
        }
        this.parts.push(part);
        this.size += part.length;
    }

    private endLine(): void {
        if (this.skipping) {
            this.skipping = false;
            return;
        }
        const line = Buffer.concat(this.parts, this.size).toString('utf8').replace(/\r$/, '');
        this.parts = [];
        this.size = 0;
        if (line.trim() === '') return; // a blank line carries no message
        const value = parseMessage(line);
        if (value === undefined) return this.answer(ErrorCode.ParseError, PARSE_ERROR_MESSAGE);
        const checked = JSONRPCMessageSchema.safeParse(value);
        if (!checked.success) return this.answer(ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC message (one per line)');
        const m = checked.data;
        if ('method' in m && 'id' in m) this.pending.add(m.id);
        // A request the client cancelled gets no answer (the SDK sends none): nothing to wait for.
        else if ('method' in m && m.method === 'notifications/cancelled') this.settle(m.params?.requestId);
        this.onmessage?.(checked.data);
    }

    private answer(code: ErrorCode, message: string): void {
        this.send(unaddressedError(code, message)).catch((e: unknown) => this.onerror?.(e instanceof Error ? e : new Error(String(e))));
    }
}
