// POST /v1/payments/callback (docs/panel.md): the payment provider's signed notice of a top-up.
// Registered only when SVC_PAYMENT_SECRET is set. `Svc-Signature: t=<unix s>,v1=<hex>[,v1=...]` is
// an HMAC-SHA256 of "<t>.<raw body>"; several v1 entries and several configured secrets allow
// rotation on either side. Each payment id is credited once (the store's transaction decides).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MAX_CREDIT_CHANGE } from '../auth/key-service.js';
import { invalidRequest } from '../http/api-errors.js';
import type { ServerServices } from '../server-module.js';
import { bodyText } from './route-support.js';

export const SIGNATURE_TOLERANCE_S = 300;

/** True when one of the header's v1 signatures matches one of the secrets for this body. */
export function verifySignature(header: unknown, body: string, secrets: readonly string[], nowMs: number): boolean {
    if (typeof header !== 'string' || header.length > 4096) return false;
    let t: number | undefined;
    const given: Buffer[] = [];
    for (const part of header.split(',')) {
        const [k, v] = part.trim().split('=', 2);
        if (k === 't' && v !== undefined && /^\d{1,12}$/.test(v)) t = Number(v);
        else if (k === 'v1' && v !== undefined && /^[0-9a-f]{64}$/i.test(v)) given.push(Buffer.from(v, 'hex'));
    }
    if (t === undefined || given.length === 0 || given.length > 8) return false;
    if (Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_S) return false;
    let ok = false;
    for (const secret of secrets) {
        const expected = createHmac('sha256', secret).update(`${t}.`).update(body, 'utf8').digest();
        for (const g of given) ok = timingSafeEqual(expected, g) || ok; // no early exit
    }
    return ok;
}

interface PaymentBody {
    id: string;
    email: string;
    reads: number;
    amount_eur: string;
}

function parseBody(text: string): PaymentBody | undefined {
    let v: unknown;
    try {
        v = JSON.parse(text);
    } catch {
        return undefined;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    const b = v as Record<string, unknown>;
    const keys = Object.keys(b);
    if (keys.length !== 4 || !['id', 'email', 'reads', 'amount_eur'].every((k) => keys.includes(k))) return undefined;
    // No control characters (PostgreSQL cannot store NUL; no account's email has one).
    if (typeof b.id !== 'string' || b.id.length < 1 || b.id.length > 200 || /\p{Cc}/u.test(b.id)) return undefined;
    if (typeof b.email !== 'string' || b.email.length > 254 || /\p{Cc}/u.test(b.email)) return undefined;
    if (typeof b.reads !== 'number' || !Number.isSafeInteger(b.reads) || b.reads <= 0 || b.reads > MAX_CREDIT_CHANGE) return undefined;
    if (typeof b.amount_eur !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(b.amount_eur)) return undefined;
    return b as unknown as PaymentBody;
}

export function registerPaymentRoute(app: FastifyInstance, services: ServerServices): void {
    const secrets = services.config.paymentSecrets;
    if (secrets.length === 0) return; // 404 like any unknown path
    app.post('/v1/payments/callback', async (request) => {
        const text = bodyText(request.body);
        if (!verifySignature(request.headers['svc-signature'], text, secrets, services.now()))
            throw invalidRequest('Missing, stale or invalid Svc-Signature.');
        const body = parseBody(text);
        if (!body)
            throw invalidRequest('The body must be {"id", "email", "reads" (integer 1 to 1,000,000,000), "amount_eur" (decimal string)}.');
        const result = await services.store.creditPayment(body.id, body.email, body.reads, body.amount_eur);
        if (!result) throw invalidRequest('No account with that email.');
        // Logged without the body: the id and the outcome only.
        services.log.event('info', 'payment callback', {
            payment: body.id.slice(0, 64),
            credited: result.credited,
            reads: result.credited ? body.reads : 0,
        });
        return result.credited ? { credited: true, credit_reads: result.creditReads } : { credited: false, duplicate: true };
    });
}
