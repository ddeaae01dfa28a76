// Issue 9, point 2 through the API: a document or an enum label of 50,000 white-space characters of
// any kind is counted in linear time (before the fix, 3–19 s each on the event loop, before the credit
// check). Not a timed test: each request must simply be answered, with its value, within mocha's
// timeout; the pieces themselves are checked in @svc/extraction's token-segments.test.ts.
import { expect } from 'chai';
import { call, newKey, startTestServer, type TestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
const KINDS: Record<string, string> = {
    space: ' ',
    'no-break space': '\u00a0',
    'ideographic space': '\u3000',
    'em space': '\u2003',
    tab: '\t',
    newline: '\n',
};
const schemaWithLabel = (label: string): unknown => ({
    svc_schema: '1.0',
    name: 'ws',
    fields: [
        { name: 'total', type: 'money', currency: 'EUR', hints: ['Total'] },
        { name: 'status', type: 'enum', labels: [label, 'paid'] },
    ],
});

describe('white-space runs through the API (issue 9.2)', function () {
    this.timeout(20_000);
    let t: TestServer;
    let key: string;
    before(async () => {
        t = await startTestServer({ limits: OPEN, overrides: { engine: undefined, editor: null, env: {} } });
        key = (await newKey(t, { credit: 1e6 })).key;
    });
    after(async () => {
        await t.stop();
    });

    for (const [name, ch] of Object.entries(KINDS)) {
        it(`a document of 49,980 ${name}s around a total`, async () => {
            const document = `Total: EUR 10.00${ch.repeat(49_980)}x`;
            const r = await call(t, 'POST', '/v1/extractions', { key, body: { document, schema: schemaWithLabel('open') } });
            expect(r.status, r.text.slice(0, 300)).to.equal(200);
            expect(r.json.response.data.total).to.deep.equal({ amount: '10.00', currency: 'EUR' });
            expect(r.json.usage.reads).to.be.at.least(1);
        });

        it(`an enum label of 50,000 ${name}s is refused (labels have at most 128 characters); one of 127 is read`, async () => {
            const long = await call(t, 'POST', '/v1/extractions', {
                key,
                body: { document: 'Total: EUR 10.00, paid', schema: schemaWithLabel(`${ch.repeat(50_000)}x`) },
            });
            expect(long.status, long.text.slice(0, 300)).to.equal(400);
            expect(long.json.error.details.map((d: { code: string }) => d.code)).to.deep.equal(['E-SCHEMA-VALUE']);
            const r = await call(t, 'POST', '/v1/extractions', {
                key,
                body: { document: 'Total: EUR 10.00, paid', schema: schemaWithLabel(`${ch.repeat(127)}x`) },
            });
            expect(r.status, r.text.slice(0, 300)).to.equal(200);
            expect(r.json.response.data.status).to.equal('paid');
        });
    }
});
