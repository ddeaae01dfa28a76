// Two (or more) server instances in this process on one PostgreSQL database and one Redis, as
// several machines behind a proxy would run them. Skipped when either binary is absent.
import type { ServerConfig, ServiceOverrides } from '../../src/index.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { sharedPg, type PgServer } from './pg-server.js';
import { sharedRedis, type RedisServer } from './redis-server.js';

export const SECRET = 'cluster-test-secret-0123456789abcdef';

export interface Backends {
    pg: PgServer;
    redis: RedisServer;
    databaseUrl: string;
}

/** A fresh database on the shared PostgreSQL and the shared Redis; undefined when either is missing. */
export async function backends(): Promise<Backends | undefined> {
    const [pg, redis] = await Promise.all([sharedPg(), sharedRedis()]);
    if (!pg || !redis) return undefined;
    return { pg, redis, databaseUrl: await pg.createDatabase() };
}

export async function startInstance(
    b: Backends,
    options: { config?: Partial<ServerConfig>; overrides?: ServiceOverrides; awaitReady?: boolean } = {},
): Promise<TestServer> {
    const t = await startTestServer({
        config: { databaseUrl: b.databaseUrl, redisUrl: b.redis.url, sessionSecrets: [SECRET], ...options.config },
        overrides: options.overrides,
    });
    // As a proxy would: no traffic before /readyz answers 200. The Redis client connects after the
    // server listens and queues no command meanwhile, so on a loaded machine the first requests of a
    // test could otherwise meet a 503 that no real deployment routes to.
    // A test of an instance that starts while a backend is down passes `awaitReady: false`.
    if (options.awaitReady !== false) {
        // (Up to 60 s: under other test runs' load the backends' first connections took over 15 s once.)
        // An instance that never gets ready is stopped before the test fails: left running, its
        // servers and connections would keep mocha from exiting.
        try {
            await eventually('the instance is ready', async () => (await fetch(`${t.url}/readyz`)).status === 200, 60_000);
        } catch (e) {
            await t.stop().catch(() => undefined);
            throw e;
        }
    }
    return t;
}

/** Resolves when `check` holds, polling every 50 ms; rejects with `what` after `ms`. */
export async function eventually(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
    const until = Date.now() + ms;
    while (!(await check())) {
        if (Date.now() > until) throw new Error(`never happened: ${what}`);
        await new Promise((r) => setTimeout(r, 50));
    }
}
