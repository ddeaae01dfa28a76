// Start-up and graceful shutdown: the data directory is created, /healthz answers, close() lets a
// request in flight finish and then refuses new connections.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createServer, loadConfig } from '../src/index.js';
import { DOC, SCHEMA, ScriptedEngine, call, newKey, startTestServer } from './test-server.js';

describe('configuration and lifecycle', () => {
    it('defaults: 127.0.0.1:8080 and ./data; environment wins', () => {
        const d = loadConfig({}, '/srv');
        expect([d.host, d.port, d.dataDir]).to.deep.equal(['127.0.0.1', 8080, '/srv/data']);
        const e = loadConfig({ HOST: '0.0.0.0', PORT: '9000', SVC_DATA_DIR: '/var/svc', SVC_SESSION_SECRET: 'a, b' }, '/srv');
        expect([e.host, e.port, e.dataDir, e.sessionSecrets]).to.deep.equal(['0.0.0.0', 9000, '/var/svc', ['a', 'b']]);
        expect(() => loadConfig({ PORT: 'eighty' })).to.throw(/PORT/);
        expect(d.limits).to.deep.equal({
            perIp: 300,
            perKey: 60,
            perAccount: 120,
            extractionsPerAccount: 30,
            windowMs: 60_000,
            signUpsPerIpHour: 10,
        });
    });

    it('creates a missing data directory', async () => {
        const root = mkdtempSync(join(tmpdir(), 'svc-life-'));
        const dataDir = join(root, 'a', 'b');
        const s = createServer(loadConfig({ SVC_DATA_DIR: dataDir, PORT: '0' }), { engine: null, editor: null, logSink: () => {} });
        try {
            await s.listen();
            expect(existsSync(join(dataDir, 'svc.sqlite'))).to.equal(true);
        } finally {
            await s.close();
            rmSync(root, { recursive: true, force: true });
        }
    });

    it('session secrets: SVC_SESSION_SECRET first, else one random secret kept in the data directory', async () => {
        const a = await startTestServer({ config: { sessionSecrets: ['one', 'two'] } });
        expect(a.server.services.secrets.all).to.deep.equal(['one', 'two']);
        await a.stop();
        const b = await startTestServer();
        const secret = b.server.services.secrets.current;
        await b.server.close(); // one server per data folder: the next start on it reads the same secret
        const again = createServer(loadConfig({ SVC_DATA_DIR: b.dataDir, PORT: '0' }), { engine: null, editor: null, logSink: () => {} });
        expect(secret).to.have.length.greaterThan(20);
        expect(again.services.secrets.current).to.equal(secret);
        expect(statSync(join(b.dataDir, 'session-secret')).mode & 0o077).to.equal(0);
        await again.close();
        await b.stop();
    });

    it('close() finishes the request in flight, then stops listening', async () => {
        const engine = new ScriptedEngine();
        const t = await startTestServer({ overrides: { engine } });
        const k = await newKey(t);
        engine.delayMs = 200;
        const pending = call(t, 'POST', '/v1/extractions', { key: k.key, body: { document: DOC, schema: SCHEMA } });
        await new Promise((r) => setTimeout(r, 50));
        const closing = t.stop();
        expect((await pending).status).to.equal(200);
        await closing;
        let refused = false;
        try {
            await fetch(`${t.url}/healthz`);
        } catch {
            refused = true;
        }
        expect(refused).to.equal(true);
    });
});
