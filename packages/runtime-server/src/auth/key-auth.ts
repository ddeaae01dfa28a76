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

export class KeyAuthenticator {
    constructor(private readonly store: Store, private readonly now: () => number = Date.now) {}

    /** The principal for a request that may use `scope`; throws the one 401 otherwise. */
    async authenticate(headers: IncomingHttpHeaders, scope: Scope): Promise<Principal> {
        const key = presentedKey(headers);
        if (key === undefined || !KEY_PATTERN.test(key)) throw unauthorized();
        const digest = hashApiKey(key);
        const found = await this.store.findKeyByHash(digest);
        // The lookup is by digest, so the database never compares secrets; the digest is still
        // compared in constant time so no code path branches on a partial match.
        if (!found || found.hash.length !== digest.length || !timingSafeEqual(found.hash, digest)) throw unauthorized();
        if (found.revokedAt !== null) throw unauthorized();
        if (found.expiresAt !== null && Date.parse(found.expiresAt) <= this.now()) throw unauthorized();
        if (!found.scopes.includes(scope)) throw unauthorized();
        return { keyId: found.id, keyPrefix: found.prefix, accountId: found.accountId };
    }
}
