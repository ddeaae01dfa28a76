// A throwaway Redis for the tests: `redis-server --port <free> --save ''` as a child process, stopped
// when the test process exits. Tests are skipped, with the reason printed, only when the binary is absent.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort, waitForPort } from './free-port.js';

export interface RedisServer {
    port: number;
    url: string;
    stop(): Promise<void>;
    start(): Promise<void>;
}

let shared: Promise<RedisServer | undefined> | undefined;

export function sharedRedis(): Promise<RedisServer | undefined> {
    return (shared ??= startRedis());
}

async function startRedis(): Promise<RedisServer | undefined> {
    const bin = process.env.SVC_TEST_REDIS_BIN ?? 'redis-server';
    if (spawnSync(bin, ['--version']).status !== 0) {
        console.log('  (Redis tests skipped: redis-server not found; install the Debian package redis-server)');
        return undefined;
    }
    const port = await freePort();
    let child: ChildProcess | undefined;
    const server: RedisServer = {
        port,
        url: `redis://127.0.0.1:${port}`,
        async start() {
            child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
            child.unref(); // the test process may end while it runs (the exit hook kills it)
            await waitForPort(port);
        },
        async stop() {
            const c = child;
            child = undefined;
            if (!c || c.exitCode !== null) return;
            await new Promise<void>((resolve) => {
                c.once('exit', () => resolve());
                c.kill('SIGKILL');
            });
        },
    };
    await server.start();
    process.once('exit', () => {
        child?.kill('SIGKILL');
    });
    return server;
}
