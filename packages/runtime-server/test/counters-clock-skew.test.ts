// An instance whose clock lags Redis's (docs/deploy.md, "Limits"): its windows are shifted, but its
// counters are never deleted early, so the limits still hold. Counter expiries used to be absolute
// times of the instance's clock (PEXPIREAT); 90 s behind, every one was already past on Redis and
// deleted at once, and a hostile review got 500 of 500 requests through a 60/min key. Real Redis.
import { expect } from 'chai';
import { ApiError, RedisCounters } from '../src/index.js';
import { RateLimiter } from '../src/limits/rate-limiter.js';
import { sharedRedis } from './support/redis-server.js';

const LIMITS = { perIp: 5, perKey: 5, perAccount: 5, extractionsPerAccount: 5, windowMs: 60_000, signUpsPerIpHour: 5 };

/** How many of `n` calls pass before the 429s (anything else is thrown). */
async function admitted(n: number, call: () => Promise<unknown>): Promise<number> {
    let passed = 0;
    for (let i = 0; i < n; i++) {
        try {
            await call();
            passed++;
        } catch (e) {
            if (!(e instanceof ApiError) || e.status !== 429) throw e;
        }
    }
    return passed;
}

describe('rate limits on Redis with an instance clock behind Redis', function () {
    let counters: RedisCounters;
    before(async function () {
        const redis = await sharedRedis();
        if (!redis) return this.skip();
        counters = new RedisCounters(redis.url, { prefix: `svc:skew:${Math.random().toString(36).slice(2)}:` });
        await counters.ping(5000);
    });
    after(async () => {
        await counters?.close();
    });
    const id = (): string => Math.random().toString(36).slice(2);

    // 90 s is more than a window: every expiry this clock computes is already past on Redis.
    for (const lagMs of [90_000, 30_000]) {
        it(`${lagMs / 1000} s behind: per IP, per key and account, in both scripts, still 5 of 20`, async () => {
            const limiter = new RateLimiter(counters, LIMITS, () => Date.now() - lagMs);
            const ip = `ip-${id()}`;
            expect(await admitted(20, () => limiter.checkIp(ip))).to.equal(5);
            const [key, acct] = [id(), id()];
            expect(await admitted(20, () => limiter.checkKey(key, acct))).to.equal(5);
            // The one-step admission of a remembered key (the second script).
            const epoch = await limiter.checkIpRoom(`ip-${id()}`);
            const [key2, acct2] = [id(), id()];
            expect(await admitted(20, () => limiter.checkIpRoomAndKey(`ip-${id()}`, key2, acct2, epoch))).to.equal(5);
        });
    }

    it('2 h behind: sign-ups per IP per hour still stop at the limit', async () => {
        const limiter = new RateLimiter(counters, LIMITS, () => Date.now() - 2 * 3_600_000);
        const ip = `ip-${id()}`;
        expect(await admitted(12, () => limiter.checkSignUp(ip))).to.equal(5);
    });

    it('a counter outlives the window of every instance that counted in it: a later, longer one keeps it', async () => {
        const name = `c:${id()}`;
        // An instance near the end of its window, then one whose clock lags and whose window goes on.
        expect(await counters.consume([{ name, limit: 5, expiresAt: Date.now() + 200, ttlMs: 200 }])).to.equal(true);
        expect(await counters.consume([{ name, limit: 5, expiresAt: Date.now() + 60_000, ttlMs: 60_000 }])).to.equal(true);
        // and a third that would keep it less long shortens nothing
        expect(await counters.consume([{ name, limit: 5, expiresAt: Date.now() + 1, ttlMs: 1 }])).to.equal(true);
        await new Promise((r) => setTimeout(r, 300));
        expect(await counters.peek([name])).to.deep.equal([3]);
    });
});
