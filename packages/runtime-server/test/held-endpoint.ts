// A stand-in for the model's endpoint (an OpenAI-compatible chat-completions route) for the network
// pool's tests: it holds the requests the test says to hold until the test lets them go, answers
// the others at once, and counts what the server did with them. Nothing here measures time.
import { completionBody } from '@svc/extraction';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export class HeldEndpoint {
    url = '';
    /** Which requests are held (by their body text); default all. */
    holdIf: (body: string) => boolean = () => true;
    /** The status every answer has (401: a wrong key). */
    status = 200;
    /** Requests received, and held requests whose connection the server closed (it gave up on them). */
    received = 0;
    dropped = 0;
    /** The most requests held at one time. */
    most = 0;
    /** Authorization headers and bodies received (what the server sent). */
    readonly seen: { authorization: string | undefined; body: string }[] = [];
    private server: Server | undefined;
    private held: ServerResponse[] = [];
    private releasing = false;
    private waiters: { check: () => boolean; resolve: () => void }[] = [];

    async start(): Promise<void> {
        this.server = createServer((req, res) => this.take(req, res));
        await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
        this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    }

    get holding(): number {
        return this.held.length;
    }

    /** Resolves once `n` requests are held at the same time (fails the test after 20 s). */
    heldAtOnce(n: number): Promise<void> {
        return this.until(() => this.held.length >= n, `never held ${n} requests at once (at most ${this.most})`);
    }

    /** Resolves once the server has closed `n` held requests (fails the test after 20 s). */
    droppedAtLeast(n: number): Promise<void> {
        return this.until(() => this.dropped >= n, `the server closed ${this.dropped} held requests, not ${n}`);
    }

    release(): void {
        this.releasing = true;
        for (const res of this.held.splice(0)) this.answer(res);
    }

    /** Drops what is held without answering (the requests were given up on). */
    forget(): void {
        for (const res of this.held.splice(0)) res.destroy();
    }

    async stop(): Promise<void> {
        this.forget();
        this.server?.closeAllConnections();
        await new Promise<void>((r) => this.server?.close(() => r()));
    }

    private take(req: IncomingMessage, res: ServerResponse): void {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            this.received++;
            this.seen.push({ authorization: req.headers.authorization, body });
            if (this.releasing || !this.holdIf(body)) return this.answer(res);
            this.held.push(res);
            res.once('close', () => {
                const i = this.held.indexOf(res);
                if (i < 0) return;
                this.held.splice(i, 1);
                this.dropped++;
                this.wake();
            });
            this.most = Math.max(this.most, this.held.length);
            this.wake();
        });
    }

    private answer(res: ServerResponse): void {
        if (res.destroyed) return;
        if (this.status !== 200) {
            res.writeHead(this.status, { 'content-type': 'application/json' });
            res.end('{"error":{"message":"no"}}');
            return;
        }
        const candidates = [
            { slot: 'invoice_number', quote: 'INV-1', p: 0.9 },
            { slot: 'total', quote: 'EUR 10.00', p: 0.9 },
        ];
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(completionBody(candidates)));
    }

    private until(check: () => boolean, failure: string): Promise<void> {
        if (check()) return Promise.resolve();
        return new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(failure)), 20_000);
            this.waiters.push({
                check,
                resolve: () => {
                    clearTimeout(timer);
                    resolve();
                },
            });
        });
    }

    private wake(): void {
        for (const w of this.waiters.filter((x) => x.check())) {
            this.waiters.splice(this.waiters.indexOf(w), 1);
            w.resolve();
        }
    }
}
