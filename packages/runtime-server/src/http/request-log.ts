// One JSON line per request on stdout (docs/runtime-server.md): method, path, status, ms and the prefix
// of the key that authenticated it. Never the key, a body, a document or a session: the path is
// logged without its query string, and only a verified key's stored prefix is ever known here.

export type LogSink = (line: string) => void;

export const stdoutSink: LogSink = (line) => { process.stdout.write(line); };

export interface RequestLogEntry {
    method: string;
    url: string;
    status: number;
    ms: number;
    keyPrefix: string | null;
}

export class RequestLog {
    constructor(private readonly sink: LogSink, private readonly now: () => number = Date.now) {}

    request(e: RequestLogEntry): void {
        const q = e.url.indexOf('?');
        const path = (q < 0 ? e.url : e.url.slice(0, q)).slice(0, 512);
        this.write({ method: e.method, path, status: e.status, ms: Math.round(e.ms * 100) / 100, key: e.keyPrefix });
    }

    /** Start-up, shutdown and unexpected failures (stack traces stay server-side). */
    event(level: 'info' | 'error', msg: string, extra: Record<string, unknown> = {}): void {
        this.write({ level, msg, ...extra });
    }

    private write(fields: Record<string, unknown>): void {
        this.sink(`${JSON.stringify({ time: new Date(this.now()).toISOString(), ...fields })}\n`);
    }
}
