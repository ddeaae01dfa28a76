// Counters in Redis, so the limits hold across instances. One Lua script checks and increments all
// of a request's counters atomically (Redis runs a script without interleaving), and sets each
// counter's expiry in the same step. The expiry is relative (PEXPIRE, the rest of the caller's
// window) and only ever lengthened: an absolute time from an instance whose clock lags Redis's was
// already past there, so Redis deleted the counter at once and the limit was off (a hostile review,
// 90 s behind, got 500 of 500 requests through a 60/min key). Key names are
// `<prefix><limit>:<subject>:<window>` (rate-limiter.ts names the counters). `<prefix>key-epoch`
// holds the key epoch (auth/key-cache.ts): a second script counts a /v1 request and reads the epoch
// in the same call.
//
// Commands are not queued while Redis is unreachable (enableOfflineQueue false): they fail at once
// and the request gets 503 pipeline_unavailable instead of waiting; ioredis reconnects by itself,
// so the service resumes without a restart.
import { Redis } from 'ioredis';
import { DependencyUnavailableError, isUnreachable } from '../deps/dependency-errors.js';
import { randomUUID } from 'node:crypto';
import type { AdmissionCheck, AdmissionOutcome, AdmissionResult, CounterCharge, Counters } from './counters-types.js';

// Counts one and keeps the counter for at least `ttl` ms more: never shortened, so the counter
// outlives the window of every instance that counted in it, whatever their clocks (PTTL is -1 for
// the counter INCR has just made).
const INCR_KEEP = `
local function incrKeep(key, ttl)
  redis.call('INCR', key)
  if redis.call('PTTL', key) < tonumber(ttl) then redis.call('PEXPIRE', key, ttl) end
end`;

// KEYS: the counters; ARGV: limit and time to live (ms) of each, in order.
const CONSUME = `${INCR_KEEP}
for i = 1, #KEYS do
  local v = tonumber(redis.call('GET', KEYS[i]) or '0')
  if v + 1 > tonumber(ARGV[2 * i - 1]) then return 0 end
end
for i = 1, #KEYS do incrKeep(KEYS[i], ARGV[2 * i]) end
return 1`;

// KEYS: the epoch, then the `checked` counters (room for one more, not charged), then the `gated`
// ones. ARGV: the number of `checked` counters, the caller's epoch ('' for none), a fresh random
// epoch to store if there is none (Redis restarted empty, or evicted it: a new token, so no cache
// filled before can match it), then limit and time to live (ms) of each counter in order. Answers
// {outcome, epoch}; outcomes as in AdmissionOutcome.
const ADMIT = `${INCR_KEEP}
local epoch = redis.call('GET', KEYS[1])
if not epoch then epoch = ARGV[3]; redis.call('SET', KEYS[1], epoch) end
local nchecked = tonumber(ARGV[1])
local gated = ARGV[2] ~= '' and ARGV[2] == epoch
local function fits(from, to)
  for i = from, to do
    local v = tonumber(redis.call('GET', KEYS[i]) or '0')
    if v + 1 > tonumber(ARGV[2 * i]) then return false end
  end
  return true
end
local function take(from, to)
  for i = from, to do incrKeep(KEYS[i], ARGV[2 * i + 1]) end
end
if not fits(2, nchecked + 1) then return {'limited-checked', epoch} end
if ARGV[2] ~= '' and not gated then return {'stale', epoch} end
if not fits(nchecked + 2, #KEYS) then return {'limited-gated', epoch} end
take(nchecked + 2, #KEYS)
return {'ok', epoch}`;

// KEYS: one counter; ARGV: the amount and the time to live (ms). Answers the new value.
const ADD = `
local v = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return v`;

type ScriptedRedis = Redis & {
    svcAdd(n: number, ...args: Array<string | number>): Promise<number>;
    svcConsume(n: number, ...args: Array<string | number>): Promise<number>;
    svcAdmit(n: number, ...args: Array<string | number>): Promise<[AdmissionOutcome, string]>;
};

export interface RedisCountersOptions {
    /** Prepended to every key (several deployments on one Redis). */
    prefix?: string;
    onError?: (e: unknown) => void;
}

export class RedisCounters implements Counters {
    private readonly redis: ScriptedRedis;
    private readonly prefix: string;
    /** Counter names have colons (`key:<id>:<window>`), this one none: they cannot collide. */
    private readonly epochKey: string;
    /** Connections made so far (a new one on every reconnection). */
    private connection = 0;

    constructor(url: string, options: RedisCountersOptions = {}) {
        this.prefix = options.prefix ?? 'svc:rl:';
        this.epochKey = `${this.prefix}key-epoch`;
        this.redis = new Redis(url, {
            enableOfflineQueue: false,
            maxRetriesPerRequest: 1,
            connectTimeout: 2000,
            commandTimeout: 2000,
            retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
        }) as ScriptedRedis;
        this.redis.defineCommand('svcConsume', { lua: CONSUME });
        this.redis.defineCommand('svcAdmit', { lua: ADMIT });
        this.redis.defineCommand('svcAdd', { lua: ADD });
        this.redis.on('ready', () => this.connection++);
        // Without a listener ioredis prints every failed reconnect; the owner decides what to log.
        this.redis.on('error', (e) => options.onError?.(e));
    }

    async consume(charges: readonly CounterCharge[]): Promise<boolean> {
        if (charges.length === 0) return true;
        const args: Array<string | number> = charges.map((c) => this.prefix + c.name);
        for (const c of charges) args.push(c.limit, ttlArg(c));
        return (await this.call(() => this.redis.svcConsume(charges.length, ...args))) === 1;
    }

    async add(counter: Omit<CounterCharge, 'limit'>, amount: number): Promise<number> {
        return Number(await this.call(() => this.redis.svcAdd(1, this.prefix + counter.name, amount, ttlArg(counter))));
    }

    /**
     * The epoch answered is Redis's token plus this client's connection number: after a reconnection
     * every cache is emptied, since a revocation whose epoch change failed while Redis was away (the
     * key is revoked in the database all the same) would otherwise go unseen.
     */
    async admit(check: AdmissionCheck): Promise<AdmissionResult> {
        const charges = [...check.checked, ...check.gated];
        const args: Array<string | number> = [this.epochKey, ...charges.map((c) => this.prefix + c.name)];
        args.push(check.checked.length, this.expectedEpoch(check.epoch), randomUUID());
        for (const c of charges) args.push(c.limit, ttlArg(c));
        const [outcome, epoch] = await this.call(() => this.redis.svcAdmit(charges.length + 1, ...args));
        return { outcome, epoch: `${epoch}@${this.connection}` };
    }

    /** Waits a moment for a first connection (the CLI revokes right after starting). */
    async bumpKeyEpoch(): Promise<void> {
        await this.connected(2000);
        await this.call(() => this.redis.set(this.epochKey, randomUUID()));
    }

    /** Redis's token within an epoch of this connection; '-' (no token) for an epoch of an earlier one. */
    private expectedEpoch(epoch: string | null): string {
        if (epoch === null) return '';
        const at = epoch.lastIndexOf('@');
        return epoch.slice(at + 1) === String(this.connection) ? epoch.slice(0, at) : '-';
    }

    async peek(names: readonly string[]): Promise<number[]> {
        if (names.length === 0) return [];
        const values = await this.call(() => this.redis.mget(...names.map((n) => this.prefix + n)));
        return values.map((v) => (v === null ? 0 : Number(v)));
    }

    /**
     * Readiness: resolves once Redis takes a write, as every counted request needs. A PING is answered
     * by a Redis that refuses writes (out of memory, a read-only replica), so this writes a key of
     * its own that expires at once (no colon: it cannot collide with a counter). Waits up to `ms`
     * for the first connection.
     */
    async ping(ms = 0): Promise<void> {
        if (ms > 0) await this.connected(ms);
        await this.call(() => this.redis.set(`${this.prefix}ready`, '1', 'PX', 10_000));
    }

    /** Waits up to `ms` for the first connection. */
    private async connected(ms: number): Promise<void> {
        if (this.redis.status === 'ready') return;
        await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, ms);
            this.redis.once('ready', () => {
                clearTimeout(timer);
                resolve();
            });
        });
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

/** A whole positive number of ms: PEXPIRE refuses fractions, and 0 or less would delete the counter. */
function ttlArg(c: Pick<CounterCharge, 'ttlMs'>): number {
    return Math.max(1, Math.ceil(c.ttlMs));
}
