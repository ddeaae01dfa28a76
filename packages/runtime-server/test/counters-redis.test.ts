// The shared Counters contract on a real Redis (test/support/redis-server.ts): two clients stand for
// two instances. Also: unreachable Redis is a DependencyUnavailableError, and the counters recover by
// themselves when it is back.
import { expect } from 'chai';
import { DependencyUnavailableError, RedisCounters } from '../src/index.js';
import { countersContract } from './shared/counters-contract.js';
import { sharedRedis } from './support/redis-server.js';
import { Redis } from 'ioredis';

countersContract('Redis', async () => {
    const redis = await sharedRedis();
    if (!redis) return undefined;
    const open = async (): Promise<RedisCounters> => {
        const c = new RedisCounters(redis.url);
        await c.ping(5000);
        return c;
    };
    return { open, openAnother: open, cleanup: async () => {} };
});

describe('Redis counters when Redis goes away', () => {
    it('fail with DependencyUnavailableError while Redis is down and work again after it restarts', async function () {
        const redis = await sharedRedis();
        if (!redis) return this.skip();
        const c = new RedisCounters(redis.url);
        try {
            await c.ping(5000);
            const name = `down:${Math.random()}`;
            expect(await c.consume([{ name, limit: 5, expiresAt: Date.now() + 60_000, ttlMs: 60_000 }])).to.equal(true);
            const epochBefore = (await c.admit({ checked: [], gated: [], epoch: null })).epoch;
            await redis.stop();
            let err: unknown;
            try {
                await c.consume([{ name, limit: 5, expiresAt: Date.now() + 60_000, ttlMs: 60_000 }]);
            } catch (e) {
                err = e;
            }
            expect(err).to.be.instanceOf(DependencyUnavailableError);
            err = undefined;
            try {
                await c.ping();
            } catch (e) {
                err = e;
            }
            expect(err).to.be.instanceOf(DependencyUnavailableError);
            await redis.start();
            await c.ping(10_000);
            expect(await c.consume([{ name, limit: 5, expiresAt: Date.now() + 60_000, ttlMs: 60_000 }])).to.equal(true);
            // Keys remembered before the outage are not trusted after it (a revocation may have failed to reach Redis).
            const gated = [{ name: `${name}:k`, limit: 5, expiresAt: Date.now() + 60_000, ttlMs: 60_000 }];
            expect((await c.admit({ checked: [], gated, epoch: epochBefore })).outcome).to.equal('stale');
            expect(await c.peek([gated[0]!.name])).to.deep.equal([0]);
        } finally {
            await c.close();
        }
    });
});

describe('Redis key epoch', () => {
    it('a lost epoch key (Redis emptied, or evicted) becomes a new random token, so no remembered key matches it', async function () {
        const redis = await sharedRedis();
        if (!redis) return this.skip();
        const prefix = `svc:test:${Math.random().toString(36).slice(2)}:`;
        const c = new RedisCounters(redis.url, { prefix });
        const raw = new Redis(redis.url);
        try {
            await c.ping(5000);
            const first = (await c.admit({ checked: [], gated: [], epoch: null })).epoch;
            expect((await c.admit({ checked: [], gated: [], epoch: first })).outcome).to.equal('ok');
            await raw.del(`${prefix}key-epoch`);
            const r = await c.admit({ checked: [], gated: [], epoch: first });
            expect(r.outcome).to.equal('stale');
            expect(r.epoch).to.not.equal(first);
            await c.bumpKeyEpoch();
            expect((await c.admit({ checked: [], gated: [], epoch: r.epoch })).outcome).to.equal('stale');
        } finally {
            await c.close();
            raw.disconnect();
        }
    });
});
