// The four limits of docs/runtime-server.md as fixed windows aligned to the UTC clock minute
// (docs/runtime-server.md): the window of a moment is floor(epoch ms / 60,000). Window ids are part of
// the counter names, so a new minute starts from zero without any reset.
import type { LimitConfig } from '../config/server-config.js';
import { rateLimited } from '../http/api-errors.js';
import type { CounterCharge, Counters } from './counters-types.js';

export class RateLimiter {
    constructor(
        private readonly counters: Counters,
        private readonly limits: LimitConfig,
        private readonly now: () => number = Date.now,
    ) {}

    /** Per client IP, before authentication. */
    async checkIp(ip: string): Promise<void> {
        await this.take([['ip', ip, this.limits.perIp]]);
    }

    /** Per key and per account, after authentication; both or neither are counted. */
    async checkKey(keyId: string, accountId: string): Promise<void> {
        await this.take([['key', keyId, this.limits.perKey], ['acct', accountId, this.limits.perAccount]]);
    }

    /** Model extractions per account, just before reading. */
    async checkExtraction(accountId: string): Promise<void> {
        await this.take([['extr', accountId, this.limits.extractionsPerAccount]]);
    }

    private async take(specs: Array<[string, string, number]>): Promise<void> {
        const window = Math.floor(this.now() / this.limits.windowMs);
        const expiresAt = (window + 1) * this.limits.windowMs;
        const charges: CounterCharge[] = specs.map(([kind, id, limit]) => ({ name: `${kind}:${id}:${window}`, limit, expiresAt }));
        if (!(await this.counters.consume(charges))) throw rateLimited();
    }
}
