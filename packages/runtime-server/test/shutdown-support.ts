// Shared by the shutdown tests: a server with one worker thread and the real engine, whose shutdown
// bounds a test may shorten.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, loadConfig, type ServerConfig, type ShutdownTimings } from '../src/index.js';
import type { TestServer } from './test-server.js';
import { OPEN } from './worker-pool-support.js';

export { heavyValidate, sleep } from './worker-pool-support.js';

export async function startPooled(timings: Partial<ShutdownTimings> = {}, config: Partial<ServerConfig> = {}): Promise<TestServer> {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-shutdown-'));
    const merged = loadConfig({ SVC_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }, process.cwd(), {
        workers: 1,
        quickWorkers: 0,
        ...config,
        limits: { ...OPEN, windowMs: 60_000 },
    });
    const logs: string[] = [];
    const server = createServer(merged, { engine: undefined, editor: undefined, env: {}, logSink: (l) => void logs.push(l) }, timings);
    const url = await server.listen();
    return {
        server,
        url,
        dataDir,
        logs,
        async stop() {
            await server.close();
            rmSync(dataDir, { recursive: true, force: true });
        },
    };
}

export const SHUTTING_DOWN_BODY = { error: { code: 'pipeline_unavailable', message: 'The service is shutting down; retry shortly.' } };
