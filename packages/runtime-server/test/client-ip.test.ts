// The client IP behind a proxy (SVC_TRUST_PROXY=1): the last valid IP address of X-Forwarded-For
// (the one the proxy added; a client's own entries before it are not believed), else the
// socket's address, so no header text becomes part of a counter's name (a hostile
// review stored a 6 KB string as a Redis key).
import { expect } from 'chai';
import { MemoryCounters, type AdmissionCheck, type CounterCharge } from '../src/index.js';
import { PanelClient } from './panel-client.js';
import { SCHEMA, call, newKey, startTestServer, type TestServer } from './test-server.js';

/** Memory counters that remember the name of every counter charged. */
class NamedCounters extends MemoryCounters {
    readonly names = new Set<string>();
    override async consume(charges: readonly CounterCharge[]): Promise<boolean> {
        for (const c of charges) this.names.add(c.name);
        return super.consume(charges);
    }
    override async admit(check: AdmissionCheck) {
        for (const c of [...check.checked, ...check.gated]) this.names.add(c.name);
        return super.admit(check);
    }
}

describe('the client IP behind a proxy', () => {
    let t: TestServer;
    const counters = new NamedCounters();
    before(async () => {
        t = await startTestServer({ config: { trustProxy: true }, overrides: { counters } });
    });
    after(async () => {
        await t.stop();
    });

    const ipCounters = (): string[] => [...counters.names].filter((n) => n.startsWith('ip:') || n.startsWith('signup:'));

    for (const [header, ip] of [
        ['x'.repeat(6000), '127.0.0.1'],
        ['not an address', '127.0.0.1'],
        ['203.0.113.9', '203.0.113.9'],
        ['garbage, 198.51.100.7', '198.51.100.7'],
        ['2001:db8::1', '2001:db8::1'],
        // A proxy that appends: the client wrote the first entry, the proxy added the last.
        ['6.6.6.6, 203.0.113.9', '203.0.113.9'],
        ['203.0.113.9, garbage', '203.0.113.9'],
        ['1.2.3.4:5678', '127.0.0.1'],
        ['', '127.0.0.1'],
    ] as const) {
        it(`X-Forwarded-For ${JSON.stringify(header.length > 40 ? `${header.slice(0, 10)}… (${header.length})` : header)}: counted as ${ip}`, async () => {
            const k = await newKey(t);
            counters.names.clear();
            const headers = { 'x-forwarded-for': header };
            expect((await call(t, 'POST', '/v1/schemas/validate', { key: k.key, body: { schema: SCHEMA }, headers })).status).to.equal(200);
            expect((await call(t, 'GET', '/openapi.json', { headers })).status).to.equal(200);
            expect((await new PanelClient(t).get('/panel/sign-in', headers)).status).to.equal(200);
            const names = ipCounters();
            expect(names.length).to.be.greaterThan(0);
            for (const n of names) expect(n.split(':').slice(1, -1).join(':'), n.slice(0, 80)).to.equal(ip);
        });
    }
});
