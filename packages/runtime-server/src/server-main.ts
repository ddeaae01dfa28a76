// `svc serve` / `npm start`: the server from the environment, stopped gracefully by SIGTERM or
// SIGINT (server.ts: new requests and tasks waiting for a worker answered 503, running tasks finish
// within 7 s, else they are answered 503 too; a second signal or 10 s ends the process at once).
import { loadConfig } from './config/server-config.js';
import { workerMemoryMb } from './pipeline/worker-pool.js';
import { createServer } from './server.js';

export interface RunningServer {
    url: string;
    /** Resolves when the server has shut down. */
    done: Promise<void>;
    stop(): Promise<void>;
}

export async function runServer(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Promise<RunningServer> {
    const config = loadConfig(env, cwd);
    workerMemoryMb(env); // SVC_WORKER_MEMORY_MB, refused at start (ConfigError: exit 2) as the others are
    const server = createServer(config, { env });
    const { log } = server.services;
    const url = await server.listen();
    log.event('info', 'listening', {
        url,
        store: config.databaseUrl ? 'postgresql' : `sqlite in ${config.dataDir}`,
        counters: config.redisUrl ? 'redis' : 'memory',
        workers: config.workers,
        engine: server.services.engine ? 'ready' : 'unavailable',
        editor: server.services.editor ? 'ready' : 'unavailable',
    });

    let resolveDone!: () => void;
    const done = new Promise<void>((r) => {
        resolveDone = r;
    });
    let stopping = false;
    const stop = async (): Promise<void> => {
        if (stopping) return done;
        stopping = true;
        const force = setTimeout(() => {
            log.event('error', 'shutdown timed out');
            process.exit(1);
        }, 10_000);
        force.unref();
        try {
            await server.close();
            log.event('info', 'stopped');
        } finally {
            clearTimeout(force);
            process.off('SIGTERM', onSignal);
            process.off('SIGINT', onSignal);
            resolveDone();
        }
        return done;
    };
    const onSignal = (signal: NodeJS.Signals): void => {
        if (stopping) {
            process.exit(signal === 'SIGINT' ? 130 : 143);
        }
        log.event('info', 'shutting down', { signal, ...server.services.pipeline.load() });
        void stop();
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
    return { url, done, stop };
}
