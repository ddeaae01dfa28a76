// A browser stand-in for the panel's HTTP tests: a cookie jar, the CSRF token of the last page, and
// form posts with a chosen Origin. Given an `ip`, its requests are injected into the server's app
// as coming from that address (the per-IP limits and the password gate's shares see it).
import type { TestServer } from './test-server.js';

export interface PanelResponse {
    status: number;
    headers: Headers;
    text: string;
    setCookies: string[];
}

export class PanelClient {
    readonly cookies = new Map<string, string>();
    token = '';

    constructor(
        private readonly t: TestServer,
        private readonly ip?: string,
    ) {}

    get origin(): string {
        return this.t.url;
    }

    async get(path: string, headers: Record<string, string> = {}): Promise<PanelResponse> {
        return this.send('GET', path, undefined, headers);
    }

    /** A form post; `_csrf` is the last page's token unless the fields say otherwise. */
    async post(
        path: string,
        fields: Record<string, string | string[]> = {},
        options: { origin?: string | null; headers?: Record<string, string> } = {},
    ): Promise<PanelResponse> {
        const body = new URLSearchParams();
        const all = { _csrf: this.token, ...fields };
        for (const [k, v] of Object.entries(all)) for (const x of Array.isArray(v) ? v : [v]) if (x !== '') body.append(k, x);
        const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...options.headers };
        if (options.origin !== null) headers.origin = options.origin ?? this.origin;
        return this.send('POST', path, body.toString(), headers);
    }

    async signUp(email: string, password: string): Promise<PanelResponse> {
        await this.get('/panel/sign-up');
        return this.post('/panel/sign-up', { email, password });
    }

    async signIn(email: string, password: string): Promise<PanelResponse> {
        await this.get('/panel/sign-in');
        return this.post('/panel/sign-in', { email, password });
    }

    async send(method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<PanelResponse> {
        const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        const all = { ...(cookie ? { cookie } : {}), ...headers };
        const res =
            this.ip === undefined
                ? await fetch(this.t.url + path, { method, body, redirect: 'manual', headers: all })
                : await this.inject(method, path, body, all);
        const setCookies = res.headers.getSetCookie();
        for (const c of setCookies) {
            const [pair] = c.split(';');
            const eq = pair!.indexOf('=');
            const name = pair!.slice(0, eq);
            const value = pair!.slice(eq + 1);
            if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
            else this.cookies.set(name, value);
        }
        const text = await res.text();
        const m = /name="csrf-token" content="([^"]+)"/.exec(text);
        if (m) this.token = m[1]!;
        return { status: res.status, headers: res.headers, text, setCookies };
    }

    /** The request injected as from `this.ip`, answered as a fetch Response. */
    private async inject(method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<Response> {
        const host = new URL(this.t.url).host;
        const r = await this.t.server.app.inject({
            method: method as 'GET' | 'POST',
            url: path,
            payload: body,
            remoteAddress: this.ip,
            headers: { host, ...headers },
        });
        const out = new Headers();
        for (const [k, v] of Object.entries(r.headers)) for (const x of [v ?? []].flat()) out.append(k, String(x));
        return new Response(r.statusCode === 204 || r.statusCode === 304 ? null : r.body, { status: r.statusCode, headers: out });
    }
}
