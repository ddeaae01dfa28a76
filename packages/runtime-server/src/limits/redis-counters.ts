// Counters in Redis, so the limits hold across instances. One Lua script checks and increments all
// of a request's counters atomically (Redis runs a script without interleaving), and sets each
// counter's expiry when it is created, so a window is incremented and expired in one step. Key names
// are `<prefix><limit>:<subject>:<window>` (rate-limiter.ts names the counters).
//
// Commands are not queued while Redis is unreachable (enableOfflineQueue false): they fail at once
// and the request gets 503 pipeline_unavailable instead of waiting; ioredis reconnects by itself,
// so the service resumes without a restart.
import { Redis } from 'ioredis';
import { DependencyUnavailableError, isUnreachable } from '../deps/dependency-errors.js';
import type { CounterCharge, Counters } from './counters-types.js';

// KEYS: the counters; ARGV: limit and expiry (ms since the epoch) of each, in order.
const CONSUME = `
for i = 1, #KEYS do
  local v = tonumber(redis.call('GET', KEYS[i]) or '0')
  if v + 1 > tonumber(ARGV[2 * i - 1]) then return 0 end
end
for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIREAT', KEYS[i], ARGV[2 * i]) end
end
return 1`;

type ScriptedRedis = Redis & { svcConsume(n: number, ...args: Array<string | number>): Promise<number> };

export interface RedisCountersOptions {
    /** Prepended to every key (several deployments on one Redis). */
    prefix?: string;
    onError?: (e: unknown) => void;
}

export class RedisCounters implements Counters {
    private readonly redis: ScriptedRedis;
    private readonly prefix: string;

    constructor(url: string, options: RedisCountersOptions = {}) {
        this.prefix = options.prefix ?? 'svc:rl:';
        this.redis = new Redis(url, {
            enableOfflineQueue: false,
            maxRetriesPerRequest: 1,
            connectTimeout: 2000,
            commandTimeout: 2000,
            retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
        }) as ScriptedRedis;
        this.redis.defineCommand('svcConsume', { lua: CONSUME });
        // Without a listener ioredis prints every failed reconnect; the owner decides what to log.
        this.redis.on('error', (e) => options.onError?.(e));
    }

    async consume(charges: readonly CounterCharge[]): Promise<boolean> {
        if (charges.length === 0) return true;
        const args: Array<string | number> = charges.map((c) => this.prefix + c.name);
        for (const c of charges) args.push(c.limit, Math.ceil(c.expiresAt));
        return (await this.call(() => this.redis.svcConsume(charges.length, ...args))) === 1;
    }

    async peek(names: readonly string[]): Promise<number[]> {
        if (names.length === 0) return [];
        const values = await this.call(() => this.redis.mget(...names.map((n) => this.prefix + n)));
        return values.map((v) => (v === null ? 0 : Number(v)));
    }

    /** Resolves once Redis answers; waits up to `ms` for the first connection. */
    async ping(ms = 0): Promise<void> {
        if (ms > 0 && this.redis.status !== 'ready') {
            await new Promise<void>((resolve) => {
                const timer = setTimeout(resolve, ms);
                this.redis.once('ready', () => {
                    clearTimeout(timer);
                    resolve();
                });
            });
        }
        await this.call(() => this.redis.ping());
    }

    async close(): Promise<void> {
        if (this.redis.status !== 'end') this.redis.disconnect();
    }

    private async call<T>(command: () => Promise<T>): Promise<T> {
        try {
            return await command();
        } catch (e) {
            throw isUnreachable(e) || this.redis.status !== 'ready' ? new DependencyUnavailableError('redis', e) : e;
        }
    }
}
