// One JSON line per request on stdout (docs/runtime-server.md): method, path, status, ms and the prefix
// of the key that authenticated it. Never the key, a body, a document or a session: the path is
// logged without its query string, and only a verified key's stored prefix is ever known here.
// Whatever a client puts in a path (a key pasted into the URL) or an error message quotes, every
// string of every line passes through `redactSecrets` before it is written.

/**
 * Anything shaped like a secret: an svc key longer than the 12-character prefix the log keeps on
 * purpose, an OpenAI-style `sk-` key, a Bearer credential, and any run of 32 or more base64url
 * characters (session secrets, tokens of other services). Kept short: a redacted log line is still
 * useful, a leaked key is not.
 */
const SECRET_SHAPES = /svc_[0-9A-Za-z]{9,}|\bsk-[0-9A-Za-z_-]{16,}|\b(Bearer|Basic)\s+[^\s"',;]+|[0-9A-Za-z_-]{32,}/gi;

export function redactSecrets(text: string): string {
    return text.replace(SECRET_SHAPES, (m, scheme: string | undefined) =>
        scheme ? `${scheme} [redacted]` : m.startsWith('svc_') ? `${m.slice(0, 12)}[redacted]` : '[redacted]',
    );
}

function redactDeep(value: unknown): unknown {
    if (typeof value === 'string') return redactSecrets(value);
    if (Array.isArray(value)) return value.map(redactDeep);
    if (value !== null && typeof value === 'object') {
        const out = Object.create(null) as Record<string, unknown>;
        for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v);
        return out;
    }
    return value;
}

export type LogSink = (line: string) => void;

export const stdoutSink: LogSink = (line) => {
    process.stdout.write(line);
};

export interface RequestLogEntry {
    method: string;
    url: string;
    status: number;
    ms: number;
    keyPrefix: string | null;
}

export class RequestLog {
    constructor(
        private readonly sink: LogSink,
        private readonly now: () => number = Date.now,
    ) {}

    request(e: RequestLogEntry): void {
        const q = e.url.indexOf('?');
        const path = (q < 0 ? e.url : e.url.slice(0, q)).slice(0, 512);
        this.write({ method: e.method, path, status: e.status, ms: Math.round(e.ms * 100) / 100, key: e.keyPrefix });
    }

    /** Start-up, shutdown and unexpected failures (stack traces stay server-side). */
    event(level: 'info' | 'warn' | 'error', msg: string, extra: Record<string, unknown> = {}): void {
        this.write({ level, msg, ...extra });
    }

    private write(fields: Record<string, unknown>): void {
        this.sink(`${JSON.stringify({ time: new Date(this.now()).toISOString(), ...(redactDeep(fields) as Record<string, unknown>) })}\n`);
    }
}
