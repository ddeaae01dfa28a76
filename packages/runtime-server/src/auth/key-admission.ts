// Admission of a /v1 request (docs/deploy.md, "Revocation"): the per-IP limit, the key and its
// scope, then the per-key and per-account limits, in that order. The per-IP limit is checked before
// authentication but charged only to requests that do not authenticate (no key, an unknown, revoked,
// expired or under-scoped one): a request with a valid key counts against its key and account, and
// one refused by their limits is charged to nothing more (docs/runtime-server.md, "Limits"). Charged
// for every request, the address's 300 a minute were used up by one tenant's own 429s, and every
// other tenant behind the same NAT was refused. With a key cache (PostgreSQL with Redis) a key found
// valid before is admitted in ONE Redis script call, which checks the IP's room, reads the key epoch
// and counts the key and account only if the epoch is the one the key was remembered under;
// otherwise (and without a cache) the IP's room is checked, the key looked up in the store and then
// counted. A revocation replaces the epoch after the database change, so a request that starts
// after a revocation was acknowledged finds a different epoch, empties the cache and reads the key
// from the database again; a stale key is never counted against its account's limits.
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, unauthorized } from '../http/api-errors.js';
import type { RateLimiter } from '../limits/rate-limiter.js';
import type { KeyAuthenticator, KeyIdentity, Principal } from './key-auth.js';
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
        const digest = presentedDigest(request.headers);
        if (digest === undefined) return this.refuse(request.ip, unauthorized());
        if (!this.cache.enabled) {
            await this.limiter.checkIpRoom(request.ip);
            const identity = await this.unlessUnauthorized(request.ip, () => this.auth.identifyDigest(digest));
            request.principal = await this.unlessUnauthorized(request.ip, () => this.auth.authorize(identity, scope));
            await this.limiter.checkKey(identity.keyId, identity.accountId);
            return;
        }
        const hex = digest.toString('hex');
        let epoch = await this.admitRemembered(request, hex, scope);
        if (epoch === true) return;
        epoch ??= await this.limiter.checkIpRoom(request.ip);
        this.cache.sync(epoch);
        // Only keys that exist and are valid reach the cache: unknown keys cannot fill it.
        const identity = await this.unlessUnauthorized(
            request.ip,
            () => this.auth.identifyDigest(digest),
            () => this.cache.delete(hex),
        );
        this.cache.set(hex, identity, epoch);
        request.principal = await this.unlessUnauthorized(request.ip, () => this.auth.authorize(identity, scope));
        await this.limiter.checkKey(identity.keyId, identity.accountId);
    }

    /**
     * The key `request` presents (any scope: /mcp, whose tool calls each check their own), with the
     * same per-IP rule as `admit`; throws the 401 or the 429.
     */
    async identify(request: AdmissionRequest): Promise<KeyIdentity> {
        const digest = presentedDigest(request.headers);
        if (digest === undefined) return this.refuse(request.ip, unauthorized());
        await this.limiter.checkIpRoom(request.ip);
        return this.unlessUnauthorized(request.ip, () => this.auth.identifyDigest(digest));
    }

    /**
     * Admits a remembered key in one script call: true when admitted; the epoch Redis answered when
     * it moved (the IP has room, nothing was counted); undefined when no usable key is remembered.
     */
    private async admitRemembered(request: AdmissionRequest, hex: string, scope: Scope): Promise<true | string | undefined> {
        const identity = this.cache.get(hex);
        const epoch = this.cache.currentEpoch;
        // An expired or under-scoped key takes the store's path, which gives the one 401.
        if (identity === undefined || epoch === null || !this.auth.permits(identity, scope)) return undefined;
        const principal = this.auth.authorize(identity, scope);
        request.principal = principal; // also on a 429 of the IP: the key is known, so the log line names it
        const result = await this.limiter.checkIpRoomAndKey(request.ip, principal.keyId, principal.accountId, epoch);
        this.cache.sync(result.epoch);
        if (result.outcome === 'ok') {
            this.auth.touch(principal.keyId);
            return true;
        }
        request.principal = null;
        return result.epoch;
    }

    /** `step`'s result; when it is refused 401, the request is charged to its IP first (a 429 once the IP is full). */
    private async unlessUnauthorized<T>(ip: string, step: () => T | Promise<T>, onError?: () => void): Promise<T> {
        try {
            return await step();
        } catch (e) {
            onError?.();
            if (!(e instanceof ApiError) || e.status !== 401) throw e;
            return this.refuse(ip, e);
        }
    }

    /** Charges a request that does not authenticate to its IP, then throws its 401 (or the IP's 429). */
    private async refuse(ip: string, error: ApiError): Promise<never> {
        await this.limiter.checkIp(ip);
        throw error;
    }
}
