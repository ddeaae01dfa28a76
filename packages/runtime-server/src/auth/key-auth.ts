// Authentication of one request (docs/runtime-server.md). Every failure is the same ApiError, so the
// answer never tells a missing key from a revoked, expired or under-scoped one. The store is asked
// here on every call; the /v1 routes may answer from a key cache instead (auth/key-admission.ts),
// which a revocation empties before the next request.
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
    /** ms since the epoch, Infinity for never: a remembered identity is checked against it on each use. */
    expiresAt: number;
}

/** The digest of a well-formed presented key; undefined when none is presented or it is malformed. */
export function presentedDigest(headers: IncomingHttpHeaders): Buffer | undefined {
    const key = presentedKey(headers);
    return key === undefined || !KEY_PATTERN.test(key) ? undefined : hashApiKey(key);
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
        const digest = presentedDigest(headers);
        if (digest === undefined) throw unauthorized();
        return this.identifyDigest(digest);
    }

    /** The key whose digest is `digest`, looked up in the store, once known, not revoked and not expired. */
    async identifyDigest(digest: Buffer): Promise<KeyIdentity> {
        const found = await this.store.findKeyByHash(digest);
        // The lookup is by digest, so the database never compares secrets; the digest is still
        // compared in constant time so no code path branches on a partial match.
        if (!found || found.hash.length !== digest.length || !timingSafeEqual(found.hash, digest)) throw unauthorized();
        if (found.revokedAt !== null) throw unauthorized();
        const expiresAt = found.expiresAt === null ? Infinity : Date.parse(found.expiresAt);
        if (expiresAt <= this.now()) throw unauthorized();
        this.touch(found.id);
        return { keyId: found.id, keyPrefix: found.prefix, accountId: found.accountId, scopes: found.scopes, expiresAt };
    }

    /**
     * The principal of a key identified for this request, if it has `scope` (null: any). /mcp
     * identifies the key once per HTTP request and authorizes each tool call's scope with it.
     */
    authorize(identity: KeyIdentity, scope: Scope | null): Principal {
        if (!this.permits(identity, scope)) throw unauthorized();
        return { keyId: identity.keyId, keyPrefix: identity.keyPrefix, accountId: identity.accountId };
    }

    /** Whether `identity` may make a request with `scope` now (not expired since it was identified). */
    permits(identity: KeyIdentity, scope: Scope | null): boolean {
        return identity.expiresAt > this.now() && (scope === null || identity.scopes.includes(scope));
    }

    /** Records the key's use at most once per TOUCH_INTERVAL_MS, off the request's path: never awaited, failures only logged. */
    touch(keyId: string): void {
        const t = this.now();
        const last = this.touched.get(keyId);
        if (last !== undefined && t - last < TOUCH_INTERVAL_MS) return;
        if (this.touched.size >= TOUCHED_MAX) this.touched.clear();
        this.touched.set(keyId, t);
        this.store.touchKey(keyId, new Date(t).toISOString()).catch(this.onTouchFailure);
    }
}
