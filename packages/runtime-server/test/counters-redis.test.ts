// The shared Counters contract on a real Redis (test/support/redis-server.ts): two clients stand for
// two instances. Also: unreachable Redis is a DependencyUnavailableError, and the counters recover by
// themselves when it is back.
import { expect } from 'chai';
import { DependencyUnavailableError, RedisCounters } from '../src/index.js';
import { countersContract } from './shared/counters-contract.js';
import { sharedRedis } from './support/redis-server.js';

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
            expect(await c.consume([{ name, limit: 5, expiresAt: Date.now() + 60_000 }])).to.equal(true);
            await redis.stop();
            let err: unknown;
            try {
                await c.consume([{ name, limit: 5, expiresAt: Date.now() + 60_000 }]);
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
            expect(await c.consume([{ name, limit: 5, expiresAt: Date.now() + 60_000 }])).to.equal(true);
        } finally {
            await c.close();
        }
    });
});
