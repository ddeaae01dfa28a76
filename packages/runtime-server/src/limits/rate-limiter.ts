// The four limits of docs/runtime-server.md as fixed windows aligned to the UTC clock minute
// (docs/runtime-server.md): the window of a moment is floor(epoch ms / 60,000). Window ids are part of
// the counter names, so a new minute starts from zero without any reset. Windows follow this
// instance's clock; each charge also carries the rest of its window as a duration (ttlMs), so a
// store with another clock (Redis) keeps the counter that long whatever the skew.
import type { LimitConfig } from '../config/server-config.js';
import { ApiError, ipRateLimited, rateLimited } from '../http/api-errors.js';
import type { AdmissionResult, CounterCharge, Counters } from './counters-types.js';

export class RateLimiter {
    constructor(
        private readonly counters: Counters,
        private readonly limits: LimitConfig,
        private readonly now: () => number = Date.now,
        /** Told the limit of each 429 (metrics). */
        private readonly onReject: (limit: string) => void = () => {},
    ) {}

    /**
     * Per client IP, before authentication: charges one request of the IP's 300 a minute, or throws
     * the 429. Only requests that do not authenticate are charged (auth/key-admission.ts): a valid
     * key's requests count against the key and account instead, so tenants behind one address no
     * longer use up each other's requests.
     */
    async checkIp(ip: string): Promise<void> {
        await this.take([['ip', ip, this.limits.perIp]]);
    }

    /**
     * Throws the 429 when the client IP has used its requests this minute, charging nothing (the
     * check before authentication); answers the key epoch the counters hold now (a key cache adopts it).
     */
    async checkIpRoom(ip: string): Promise<string> {
        return (await this.admit(this.charges([['ip', ip, this.limits.perIp]]), [], null)).epoch;
    }

    /**
     * The IP's room (not charged), then per key and account in one step, for a key remembered under
     * key epoch `epoch`: the key and account are counted only if the epoch still holds (outcome
     * `ok`); `stale` means nothing was counted and the key must be looked up again. Throws the 429s.
     */
    async checkIpRoomAndKey(ip: string, keyId: string, accountId: string, epoch: string): Promise<AdmissionResult> {
        const gated = this.charges([
            ['key', keyId, this.limits.perKey],
            ['acct', accountId, this.limits.perAccount],
        ]);
        return this.admit(this.charges([['ip', ip, this.limits.perIp]]), gated, epoch);
    }

    /** Per key and per account, after authentication; both or neither are counted. */
    async checkKey(keyId: string, accountId: string): Promise<void> {
        await this.take([
            ['key', keyId, this.limits.perKey],
            ['acct', accountId, this.limits.perAccount],
        ]);
    }

    /** Model extractions per account, just before reading. */
    async checkExtraction(accountId: string): Promise<void> {
        await this.take([['extr', accountId, this.limits.extractionsPerAccount]]);
    }

    /**
     * Per account, for a signed-in panel request: the account's own counter, the one its keys and MCP
     * count on, so the panel shares the account's requests a minute with them. `revoking` (the keys
     * page and Revoke) may go on past a full account on a small counter of its own, so keys that use
     * up the account's requests (leaked ones too) cannot lock its owner out of revoking them.
     */
    async checkPanel(accountId: string, revoking = false): Promise<void> {
        if (await this.counters.consume(this.charges([['acct', accountId, this.limits.perAccount]]))) return;
        if (revoking && (await this.counters.consume(this.charges([['revoke', accountId, REVOKE_RESERVE]])))) return;
        this.onReject('acct');
        throw rateLimited();
    }

    /**
     * Panel sign-ups per client IP per UTC hour: every account comes with free credit, and free
     * accounts multiply every per-account limit (a hostile review made 8 in a row from one address).
     */
    async checkSignUp(ip: string): Promise<void> {
        const now = this.now();
        const hour = Math.floor(now / HOUR);
        const expiresAt = (hour + 1) * HOUR;
        const limit = this.limits.signUpsPerIpHour ?? DEFAULT_SIGN_UPS;
        const charge = { name: counterName('signup', ip, hour), limit, expiresAt, ttlMs: expiresAt - now };
        if (await this.counters.consume([charge])) return;
        this.onReject('signup');
        const wait = Math.max(1, Math.ceil((expiresAt - this.now()) / 1000));
        throw new ApiError(429, 'rate_limited', 'Too many sign-ups from this address; retry later.', undefined, {
            'retry-after': String(wait),
        });
    }

    /** This window's counts (the panel's usage page): per account and model extractions, and per key and IP when given. */
    async currentCounts(subject: {
        accountId: string;
        keyId?: string;
        ip?: string;
    }): Promise<{ account: number; extractions: number; key: number; ip: number }> {
        const window = this.window();
        const names = [
            ['acct', subject.accountId],
            ['extr', subject.accountId],
            ['key', subject.keyId],
            ['ip', subject.ip],
        ].map(([kind, id]) => (id === undefined ? '' : counterName(kind!, id, window)));
        const [account, extractions, key, ip] = await this.counters.peek(names);
        return { account: account!, extractions: extractions!, key: key!, ip: ip! };
    }

    /** This window's count of each key (the usage page's busiest key): one read for all of them. */
    async keyCounts(keyIds: readonly string[]): Promise<number[]> {
        const window = this.window();
        return this.counters.peek(keyIds.map((id) => counterName('key', id, window)));
    }

    private window(now = this.now()): number {
        return Math.floor(now / this.limits.windowMs);
    }

    private async take(specs: Array<[string, string, number]>): Promise<void> {
        if (!(await this.counters.consume(this.charges(specs)))) {
            this.onReject(specs.map((s) => s[0]).join('+'));
            throw specs[0]![0] === 'ip' ? ipRateLimited() : rateLimited();
        }
    }

    private async admit(checked: CounterCharge[], gated: CounterCharge[], epoch: string | null): Promise<AdmissionResult> {
        const result = await this.counters.admit({ checked, gated, epoch });
        if (result.outcome === 'limited-checked' || result.outcome === 'limited-gated') {
            this.onReject(result.outcome === 'limited-checked' ? 'ip' : 'key+acct');
            throw result.outcome === 'limited-checked' ? ipRateLimited() : rateLimited();
        }
        return result;
    }

    private charges(specs: Array<[string, string, number]>): CounterCharge[] {
        const now = this.now();
        const window = this.window(now);
        const expiresAt = (window + 1) * this.limits.windowMs;
        const ttlMs = expiresAt - now;
        return specs.map(([kind, id, limit]) => ({ name: counterName(kind, id, window), limit, expiresAt, ttlMs }));
    }
}

const HOUR = 3_600_000;
const DEFAULT_SIGN_UPS = 10;
/** Keys-page and Revoke requests a minute past a full account: three revocations (page, confirm, revoke, page again). */
export const REVOKE_RESERVE = 12;

/** A counter's name: limit, subject and window (e.g. `key:key_abc:29000000`). */
function counterName(kind: string, id: string, window: number): string {
    return `${kind}:${id}:${window}`;
}
