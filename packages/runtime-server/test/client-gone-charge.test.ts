// A client that goes away before its extraction is answered is charged nothing (README, "What the
// server protects against"; docs/runtime-server.md, "Credit"): a reading that goes on (CPU work on a
// pool thread, or an engine that does not stop) and ends after the client left is given back, not
// charged, and adds nothing to the day's usage. Over REST, the panel's playground and /mcp alike.
import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import type { Reservation } from '../src/credit/credit-ledger.js';
import { PanelClient } from './panel-client.js';
import { DOC, SCHEMA, ScriptedEngine, newKey, startTestServer, type TestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
const today = (): string => new Date().toISOString().slice(0, 10);

/** A POST whose client can hang up: `hangUp()` destroys its connection. */
function abandonable(t: TestServer, path: string, headers: Record<string, string>, body: string): { hangUp: () => void } {
    const req = httpRequest(`${t.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });
    req.on('error', () => undefined);
    req.end(body);
    return { hangUp: () => req.destroy() };
}

/** Resolves when `check` holds (polled every 5 ms); fails the test after 30 s rather than hang it. */
async function until(check: () => boolean, what: string): Promise<void> {
    for (const end = Date.now() + 30_000; !check(); await new Promise((r) => setTimeout(r, 5)))
        if (Date.now() > end) throw new Error(`never: ${what}`);
}

/** The reads each settlement of the ledger kept, in order. */
function settlements(t: TestServer): number[] {
    const kept: number[] = [];
    const ledger = t.server.services.ledger;
    const settle = ledger.settle.bind(ledger);
    ledger.settle = async (r: Reservation, used: number) => {
        const ok = await settle(r, used);
        kept.push(used);
        return ok;
    };
    return kept;
}

/**
 * The inline pipeline as one that cannot stop a running reading (a pool thread's CPU work): the
 * client's signal is not passed on, so the reading ends after the client left.
 */
function unstoppable(t: TestServer): void {
    const pipeline = t.server.services.pipeline;
    const extract = pipeline.extract.bind(pipeline);
    pipeline.extract = (body, account) => extract(body, account);
}

async function expectUncharged(t: TestServer, email: string, credit: number): Promise<void> {
    const account = (await t.server.services.store.findAccountByEmail(email))!;
    expect(account.creditReads).to.equal(credit);
    const usage = await t.server.services.store.readsByDay(account.id, today());
    expect(usage.reduce((n, d) => n + d.reads, 0)).to.equal(0);
}

describe('a client that goes away before its answer is charged nothing', function () {
    this.timeout(60_000);
    let t: TestServer | undefined;
    afterEach(async () => {
        await t?.stop();
        t = undefined;
    });

    /** A scripted engine that holds every reading until `release()`, ignoring the client. */
    function heldEngine(): { engine: ScriptedEngine; release: () => void } {
        const engine = new ScriptedEngine();
        let release!: () => void;
        engine.gate = new Promise<void>((r) => (release = r));
        return { engine, release };
    }

    it('REST: a reading that ends after the client left is given back, not charged', async () => {
        const { engine, release } = heldEngine();
        t = await startTestServer({ limits: OPEN, overrides: { engine } });
        unstoppable(t);
        const kept = settlements(t);
        const a = await newKey(t, { credit: 118 });
        const body = JSON.stringify({ schema: SCHEMA, document: DOC.padEnd(5_500, ' x') }); // 6 reads
        const client = abandonable(t, '/v1/extractions', { authorization: `Bearer ${a.key}` }, body);
        await until(() => engine.started === 1, 'the reading started');
        client.hangUp();
        await until(() => t!.logs.some((l) => l.includes('"status":499')), 'the request logged as 499');
        release();
        await until(() => kept.length === 1, 'the reservation settled');
        expect(engine.extracted).to.equal(1); // read all the same …
        expect(kept).to.deep.equal([0]); // … and given back
        await expectUncharged(t, a.email, 118);
        expect(t.logs.some((l) => l.includes('read, not delivered: the client went away'))).to.equal(true);
    });

    it("worker threads: a heuristic reading already running is given back when its client leaves (the reviewer's case)", async () => {
        t = await startTestServer({
            limits: OPEN,
            config: { workers: 1, quickWorkers: 0 },
            overrides: { engine: undefined, editor: undefined, env: {} },
        });
        const kept = settlements(t);
        const a = await newKey(t, { credit: 1000 });
        const fields = Array.from({ length: 32 }, (_, f) => ({
            name: `m${f}`,
            type: 'money',
            currency: 'EUR',
            hints: ['Total', 'Amount'],
        }));
        let document = '';
        for (let n = 0; document.length < 50_000; n++) document += `Total EUR ${n % 1000}.${n % 100} Amount ${n} `;
        const body = JSON.stringify({ schema: { svc_schema: '1.0', name: 'long', fields }, document: document.slice(0, 50_000) });
        const client = abandonable(t, '/v1/extractions', { authorization: `Bearer ${a.key}` }, body);
        const pool = t.server.services.pipeline;
        const store = t.server.services.store;
        let credit = 1000;
        // Planned (the credit reserved), then reading on the one thread.
        for (; credit === 1000; await new Promise((r) => setTimeout(r, 5))) credit = (await store.findAccountByEmail(a.email))!.creditReads;
        await until(() => pool.load().running === 1, 'the reading running on the thread');
        expect(1000 - credit).to.be.above(1);
        client.hangUp();
        await until(() => kept.length === 1, 'the reservation settled');
        expect(kept).to.deep.equal([0]);
        await expectUncharged(t, a.email, 1000);
    });

    it("the panel's playground: the same route, the same refund", async () => {
        const { engine, release } = heldEngine();
        t = await startTestServer({ limits: OPEN, overrides: { engine } });
        unstoppable(t);
        const kept = settlements(t);
        const c = new PanelClient(t);
        const email = `gone-${process.pid}@example.test`;
        await c.signUp(email, 'correct horse battery staple');
        await c.get('/panel/playground');
        const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        const headers = { cookie, origin: c.origin, 'x-csrf-token': c.token };
        const client = abandonable(t, '/panel/api/v1/extractions', headers, JSON.stringify({ schema: SCHEMA, document: DOC }));
        await until(() => engine.started === 1, 'the reading started');
        client.hangUp();
        await until(() => t!.logs.some((l) => l.includes('"status":499')), 'the request logged as 499');
        release();
        await until(() => kept.length === 1, 'the reservation settled');
        expect(kept).to.deep.equal([0]);
        await expectUncharged(t, email, 10);
    });

    it('/mcp: an extract tool call whose client left is given back, not charged', async () => {
        const { engine, release } = heldEngine();
        t = await startTestServer({ limits: OPEN, overrides: { engine } });
        unstoppable(t);
        const kept = settlements(t);
        const a = await newKey(t, { credit: 10 });
        const call = {
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'extract', arguments: { schema: SCHEMA, document: DOC } },
        };
        const headers = {
            authorization: `Bearer ${a.key}`,
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-06-18',
        };
        const client = abandonable(t, '/mcp', headers, JSON.stringify(call));
        await until(() => engine.started === 1, 'the reading started');
        client.hangUp();
        await until(() => t!.logs.some((l) => l.includes('"status":499')), 'the request logged as 499');
        release();
        await until(() => kept.length === 1, 'the reservation settled');
        expect(kept).to.deep.equal([0]);
        await expectUncharged(t, a.email, 10);
    });
});
