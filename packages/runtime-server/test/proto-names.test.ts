// Issue 9, point 5: "__proto__" (and other names Object.prototype has) as a field name or relation id
// pass validation and must appear in `data`, `fields`, `relations`, conflicts and edit previews like
// any other name, whether the pipeline runs inline or in worker threads.
import { expect } from 'chai';
import { call, newKey, startTestServer, type TestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
// Written as JSON text: a JavaScript object literal would turn "__proto__" into a prototype.
const SCHEMA_TEXT = `{"svc_schema":"1.0","name":"p","fields":[
  {"name":"__proto__","type":"money","currency":"EUR","hints":["Total"]},
  {"name":"net","type":"money","currency":"EUR","hints":["Net"]},
  {"name":"constructor","type":"enum","labels":["__proto__","toString"],"aliases":{"__proto__":["open"]},"hints":["Status"]}],
 "relations":[{"id":"__proto__","expr":"__proto__ == net"},{"id":"hasOwnProperty","expr":"__proto__ >= net"}]}`;
const DOCUMENT = 'Net: EUR 10.00\nTotal: EUR 12.00\nStatus: open';

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

for (const workers of [0, 1]) {
    describe(`"__proto__" as a name, pipeline ${workers ? 'in worker threads' : 'inline'} (issue 9.5)`, function () {
        this.timeout(60_000);
        let t: TestServer;
        let key: string;
        before(async () => {
            t = await startTestServer({ limits: OPEN, config: { workers }, overrides: { engine: undefined, editor: undefined, env: {} } });
            key = (await newKey(t, { credit: 1000 })).key;
        });
        after(async () => {
            await t.stop();
        });

        const extract = async (): Promise<any> => {
            const r = await call(t, 'POST', '/v1/extractions', {
                key,
                raw: `{"document":${JSON.stringify(DOCUMENT)},"schema":${SCHEMA_TEXT}}`,
            });
            expect(r.status, r.text).to.equal(200);
            return r.json;
        };

        it('validates', async () => {
            expect((await call(t, 'POST', '/v1/schemas/validate', { key, raw: `{"schema":${SCHEMA_TEXT}}` })).status).to.equal(200);
        });

        it('every name is in data, fields and relations, and the schema echo keeps the aliases', async () => {
            const x = await extract();
            const { data, fields, relations } = x.response;
            for (const name of ['__proto__', 'net', 'constructor']) {
                expect(own(data, name), name).to.equal(true);
                expect(own(fields, name), name).to.equal(true);
            }
            expect(Object.keys(data)).to.deep.equal(['__proto__', 'net', 'constructor']);
            expect(data.constructor).to.equal('__proto__'); // "open" is an alias of the label "__proto__"
            expect(fields.__proto__.status).to.equal('conflict');
            expect(Object.keys(relations)).to.deep.equal(['__proto__', 'hasOwnProperty']);
            expect(own(x.schema.fields[2].aliases, '__proto__')).to.equal(true);
            const conflict = x.response.components[0].conflicts[0];
            expect(conflict.fields).to.deep.equal(['__proto__', 'net']);
            expect(own(conflict.repairs[0].outcome, '__proto__')).to.equal(true);
        });

        it('an edit into the "__proto__" field and a preview that names it', async () => {
            const x = await extract();
            const body = (edit: unknown): string =>
                `{"extraction":{"document":${JSON.stringify(DOCUMENT)},"session":${JSON.stringify(x.session)},"schema":${SCHEMA_TEXT}},"edit":${JSON.stringify(edit)}}`;
            const withdraw = x.response.components[0].conflicts[0].repairs[0].withdraw; // withdraws the net's mention
            const p = await call(t, 'POST', '/v1/extractions/edit', {
                key,
                raw: body({ action: 'preview_reconciliation', intent: 'keep the total', withdraw }),
            });
            expect(p.status, p.text).to.equal(200);
            expect(own(p.json.impact, '__proto__')).to.equal(true);
            expect(p.json.impact.__proto__).to.deep.equal({ before: null, after: { amount: '12.00', currency: 'EUR' } });
            const ins = await call(t, 'POST', '/v1/extractions/edit', {
                key,
                raw: body({ action: 'insert', candidate: { slot: '__proto__', quote: 'EUR 10.00', p: 0.99 } }),
            });
            expect(ins.status, ins.text).to.equal(200);
            expect(ins.json.response.data.__proto__).to.deep.equal({ amount: '10.00', currency: 'EUR' });
            expect(ins.json.response.relations.__proto__).to.equal('holds');
        });
    });
}
