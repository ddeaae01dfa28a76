// Admission of a /v1 request (docs/deploy.md, "Revocation"): the per-IP limit, the key and its
// scope, then the per-key and per-account limits, in that order. With a key cache (PostgreSQL with
// Redis) a key found valid before is admitted in ONE Redis script call, which counts the IP, reads
// the key epoch and counts the key and account only if the epoch is the one the key was remembered
// under; otherwise (and without a cache) the IP is counted, the key looked up in the store and then
// counted, as before. A revocation replaces the epoch after the database change, so a request that
// starts after a revocation was acknowledged finds a different epoch, empties the cache and reads
// the key from the database again; a stale key is never counted against its account's limits.
import type { IncomingHttpHeaders } from 'node:http';
import { unauthorized } from '../http/api-errors.js';
import type { RateLimiter } from '../limits/rate-limiter.js';
import type { KeyAuthenticator, Principal } from './key-auth.js';
import { presentedDigest } from './key-auth.js';
import type { KeyCache } from './key-cache.js';
import type { Scope } from './scopes.js';

/** What admission reads and writes of a request: its headers and client IP in, the principal out. */
export interface AdmissionRequest {
    headers: IncomingHttpHeaders;
    ip: string;
    /** Set before the key's limits are checked, so a 429 is logged with its key prefix. */
    principal: Principal | null;
}

export class KeyAdmission {
    constructor(
        private readonly auth: KeyAuthenticator,
        private readonly limiter: RateLimiter,
        private readonly cache: KeyCache,
    ) {}

    /** Admits `request` for `scope` (sets its principal) or throws the 401, the 429 or a 503. */
    async admit(request: AdmissionRequest, scope: Scope): Promise<void> {
        if (!this.cache.enabled) {
            await this.limiter.checkIp(request.ip);
            request.principal = await this.auth.authenticate(request.headers, scope);
            await this.limiter.checkKey(request.principal.keyId, request.principal.accountId);
            return;
        }
        const digest = presentedDigest(request.headers);
        if (digest === undefined) {
            await this.limiter.checkIp(request.ip);
            throw unauthorized();
        }
        const hex = digest.toString('hex');
        let epoch = await this.admitRemembered(request, hex, scope);
        if (epoch === true) return;
        epoch ??= await this.limiter.checkIpForEpoch(request.ip);
        this.cache.sync(epoch);
        // Only keys that exist and are valid reach the cache: unknown keys cannot fill it.
        let identity;
        try {
            identity = await this.auth.identifyDigest(digest);
        } catch (e) {
            this.cache.delete(hex); // expired since it was remembered
            throw e;
        }
        this.cache.set(hex, identity, epoch);
        request.principal = this.auth.authorize(identity, scope);
        await this.limiter.checkKey(identity.keyId, identity.accountId);
    }

    /**
     * Admits a remembered key in one script call: true when admitted; the epoch Redis answered when
     * it moved (the IP is counted already); undefined when no usable key is remembered.
     */
    private async admitRemembered(request: AdmissionRequest, hex: string, scope: Scope): Promise<true | string | undefined> {
        const identity = this.cache.get(hex);
        const epoch = this.cache.currentEpoch;
        // An expired or under-scoped key takes the store's path, which gives the one 401.
        if (identity === undefined || epoch === null || !this.auth.permits(identity, scope)) return undefined;
        const principal = this.auth.authorize(identity, scope);
        request.principal = principal; // also on a 429 of the IP: the key is known, so the log line names it
        const result = await this.limiter.checkIpAndKey(request.ip, principal.keyId, principal.accountId, epoch);
        this.cache.sync(result.epoch);
        if (result.outcome === 'ok') {
            this.auth.touch(principal.keyId);
            return true;
        }
        request.principal = null;
        return result.epoch;
    }
}
