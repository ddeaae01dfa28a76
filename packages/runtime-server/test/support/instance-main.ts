// A server instance in its own process for the kill -9 test (test/instance-crash.test.ts): the real
// server on the configuration of the environment, with a scripted engine whose reading takes
// SVC_TEST_SLOW_MS for documents containing "slow". Prints its URL as one JSON line.
import { createServer, loadConfig } from '../../src/index.js';
import { ScriptedEngine } from '../test-server.js';
import type { ExtractionRequest } from '@svc/extraction';

class SlowOnRequest extends ScriptedEngine {
    override async extract(request: ExtractionRequest) {
        if (request.document.includes('slow')) await new Promise((r) => setTimeout(r, Number(process.env.SVC_TEST_SLOW_MS ?? 5000)));
        return super.extract(request);
    }
}

const config = loadConfig(process.env, process.cwd(), {
    limits: { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000, windowMs: 60_000 },
    reservations: { heartbeatMs: 100, deadAfterMs: 1000, maxHoldMs: 600_000 },
});
const server = createServer(config, { engine: new SlowOnRequest(), editor: null, logSink: () => {} });
const url = await server.listen();
process.stdout.write(`${JSON.stringify({ url })}\n`);
