// Authentication of one request (docs/runtime-server.md). Every failure is the same ApiError, so the
// answer never tells a missing key from a revoked, expired or under-scoped one. The store is asked
// on every request: a key revoked a moment ago is refused on the next request.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { unauthorized } from '../http/api-errors.js';
import type { Store } from '../store/store-types.js';
import { KEY_PATTERN, hashApiKey } from './api-key.js';
import type { Scope } from './scopes.js';

export interface Principal {
    keyId: string;
    keyPrefix: string;
    accountId: string;
}

/** The key sent: `Authorization: Bearer` wins over `x-api-key` when both are present. */
export function presentedKey(headers: IncomingHttpHeaders): string | undefined {
    const auth = headers.authorization;
    if (auth !== undefined) {
        const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(auth);
        return m ? m[1] : undefined; // another scheme in Authorization still wins (and fails)
    }
    const x = headers['x-api-key'];
    return typeof x === 'string' ? x.trim() : undefined;
}

/** How often a key's "last used" time is written at most (the panel shows it to the minute). */
export const TOUCH_INTERVAL_MS = 60_000;
/** Most keys whose last touch is remembered (random keys cannot grow memory past this). */
const TOUCHED_MAX = 10_000;

/** A presented key that passed every check but the scope. */
export interface KeyIdentity extends Principal {
    scopes: readonly string[];
}

export class KeyAuthenticator {
    private readonly touched = new Map<string, number>();

    constructor(
        private readonly store: Store,
        private readonly now: () => number = Date.now,
        private readonly onTouchFailure: (e: unknown) => void = () => {},
    ) {}

    /** The principal for a request that may use `scope` (null: any valid key, as /mcp); throws the one 401 otherwise. */
    async authenticate(headers: IncomingHttpHeaders, scope: Scope | null): Promise<Principal> {
        return this.authorize(await this.identify(headers), scope);
    }

    /** The key a request presents, once known, not revoked and not expired; throws the one 401 otherwise. */
    async identify(headers: IncomingHttpHeaders): Promise<KeyIdentity> {
        const key = presentedKey(headers);
        if (key === undefined || !KEY_PATTERN.test(key)) throw unauthorized();
        const digest = hashApiKey(key);
        const found = await this.store.findKeyByHash(digest);
        // The lookup is by digest, so the database never compares secrets; the digest is still
        // compared in constant time so no code path branches on a partial match.
        if (!found || found.hash.length !== digest.length || !timingSafeEqual(found.hash, digest)) throw unauthorized();
        if (found.revokedAt !== null) throw unauthorized();
        if (found.expiresAt !== null && Date.parse(found.expiresAt) <= this.now()) throw unauthorized();
        this.touch(found.id);
        return { keyId: found.id, keyPrefix: found.prefix, accountId: found.accountId, scopes: found.scopes };
    }

    /**
     * The principal of a key identified for this request, if it has `scope` (null: any). /mcp
     * identifies the key once per HTTP request and authorizes each tool call's scope with it.
     */
    authorize(identity: KeyIdentity, scope: Scope | null): Principal {
        if (scope !== null && !identity.scopes.includes(scope)) throw unauthorized();
        return { keyId: identity.keyId, keyPrefix: identity.keyPrefix, accountId: identity.accountId };
    }

    /** Records the key's use at most once per TOUCH_INTERVAL_MS, off the request's path: never awaited, failures only logged. */
    private touch(keyId: string): void {
        const t = this.now();
        const last = this.touched.get(keyId);
        if (last !== undefined && t - last < TOUCH_INTERVAL_MS) return;
        if (this.touched.size >= TOUCHED_MAX) this.touched.clear();
        this.touched.set(keyId, t);
        this.store.touchKey(keyId, new Date(t).toISOString()).catch(this.onTouchFailure);
    }
}
