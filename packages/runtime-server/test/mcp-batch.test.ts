// Batches of tool calls in one POST /mcp (docs/mcp.md, "Batches"): the answers of one POST share
// one budget of characters and are written out unparsed, one response at a time; a valid key's tool
// calls count against the key, not the IP; and a rate_limited result names the wait its route gave.
import { expect } from 'chai';
import fc from 'fast-check';
import type { EditService } from '../src/engine/edit-types.js';
import { MAX_MCP_ANSWER } from '../src/mcp/mcp-answer-budget.js';
import { RawAnswers } from '../src/mcp/mcp-raw-answers.js';
import { bearer, rawMcp, toolCall } from './mcp-support.js';
import { DOC, SCHEMA, ScriptedEngine, newKey, startTestServer } from './test-server.js';

const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };
const EDIT = { extraction: { schema: SCHEMA, document: DOC, session: 'v1.x.y' }, edit: { action: 'retract', bundle: 0 } };

/** The REST error body of an isError result, or undefined for a successful one. */
function errorIn(message: any): { code: string; message: string; details?: any[] } | undefined {
    expect(message.result, JSON.stringify(message).slice(0, 300)).to.be.an('object');
    return message.result.isError ? JSON.parse(message.result.content[0].text).error : undefined;
}

describe('MCP batches: one budget for the answers of a POST', () => {
    it('answers until the budget is used; each later call gets a too_big error, and the whole answer stays within it', async () => {
        let size = 0;
        // An edit service whose answers have `size` characters (a grown session's edits).
        const editor: EditService = { edit: async () => ({ object: 'extraction', padding: 'x'.repeat(size) }) as never };
        const t = await startTestServer({ limits: OPEN, overrides: { editor } });
        try {
            const { key } = await newKey(t);
            size = 3_000_000;
            const batch = Array.from({ length: 5 }, (_, i) => toolCall(i, 'edit_extraction', EDIT));
            const res = await fetch(`${t.url}/mcp`, {
                method: 'POST',
                headers: { ...bearer(key), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
                body: JSON.stringify(batch),
            });
            const text = await res.text();
            const answers = JSON.parse(text) as any[];
            const errors = answers.map(errorIn);
            expect(errors.filter((e) => e === undefined)).to.have.length(2); // 2 × 3 M fit in 8 M, a third does not
            const refused = errors.filter((e) => e !== undefined);
            expect(refused).to.have.length(3);
            for (const e of refused) {
                expect(e!.code).to.equal('invalid_request');
                expect(e!.details![0]).to.include({ code: 'too_big', maximum: MAX_MCP_ANSWER });
            }
            expect(text.length).to.be.below(MAX_MCP_ANSWER + 100_000);
            // One call alone is answered whole, as over REST.
            const one = await rawMcp(t, toolCall(9, 'edit_extraction', EDIT), bearer(key));
            expect(errorIn(one.json)).to.equal(undefined);
        } finally {
            await t.stop();
        }
    });

    it('an extraction is always delivered (its reads are paid for), and uses up the budget', async () => {
        const engine = new ScriptedEngine();
        engine.padding = 5_000_000;
        const t = await startTestServer({ limits: OPEN, overrides: { engine } });
        try {
            const { key } = await newKey(t, { credit: 100 });
            const batch = [0, 1].map((i) => toolCall(i, 'extract', { schema: SCHEMA, document: DOC }));
            const r = await rawMcp(t, batch, bearer(key));
            expect(r.json.map(errorIn)).to.deep.equal([undefined, undefined]);
            expect(engine.extracted).to.equal(2);
        } finally {
            await t.stop();
        }
    });
});

describe('MCP batches: answers written as the routes wrote them', () => {
    it('property: a response with stand-ins is written as the same JSON as with the objects themselves', () => {
        const object = fc.dictionary(fc.string(), fc.jsonValue());
        fc.assert(
            fc.property(fc.array(object, { minLength: 1, maxLength: 4 }), fc.string(), (objects, text) => {
                const raw = new RawAnswers();
                // A text that looks like a stand-in (without the POST's random token) stays as it is.
                const forged = `{"svc_raw":"${text}.0"}`;
                const held = objects.map((o) => ({
                    content: [{ type: 'text', text: forged }],
                    structuredContent: raw.hold(JSON.stringify(o)),
                }));
                const real = objects.map((o) => ({ content: [{ type: 'text', text: forged }], structuredContent: o }));
                expect(raw.serialize({ jsonrpc: '2.0', id: 1, result: held })).to.equal(
                    JSON.stringify({ jsonrpc: '2.0', id: 1, result: real }),
                );
            }),
            { numRuns: 300 },
        );
    });

    it('no step on the event loop writes a whole batch as one value, nor an answer again', async () => {
        // Three edit answers of 300,000 characters: the batch's response has about 900,000.
        const editor: EditService = { edit: async () => ({ object: 'extraction', padding: 'x'.repeat(300_000) }) as never };
        const t = await startTestServer({ limits: OPEN, overrides: { editor } });
        const stringify = JSON.stringify;
        const written: number[] = [];
        try {
            const { key } = await newKey(t);
            JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
                const out = stringify(...args);
                if (typeof out === 'string') written.push(out.length);
                return out;
            }) as typeof JSON.stringify;
            const r = await rawMcp(
                t,
                [0, 1, 2].map((i) => toolCall(i, 'edit_extraction', EDIT)),
                bearer(key),
            );
            JSON.stringify = stringify;
            expect((r.json as any[]).map((m) => m.result.structuredContent.padding.length)).to.deep.equal([300_000, 300_000, 300_000]);
            // The edit route writes each answer once (the pipeline, inline here); nothing larger, and
            // no answer a second time (each of the three is written once, by its route).
            expect(Math.max(...written)).to.be.below(310_000);
            expect(written.filter((n) => n > 300_000)).to.have.length(3);
        } finally {
            JSON.stringify = stringify;
            await t.stop();
        }
    });
});

describe('MCP batches and the per-IP limit', () => {
    it("a valid key's tool calls count against the key and account, not the IP, in batches too", async () => {
        const t = await startTestServer({ limits: { ...OPEN, perIp: 5, perKey: 6 } });
        try {
            const { key } = await newKey(t);
            const batch = Array.from({ length: 8 }, (_, i) => toolCall(i, 'validate_schema', { schema: SCHEMA }));
            const r = await rawMcp(t, batch, bearer(key));
            expect(r.status).to.equal(200);
            const codes = (r.json as any[]).map((m) => errorIn(m)?.code ?? 'ok');
            expect(codes.filter((c) => c === 'ok')).to.have.length(6); // the key's 6
            expect(codes.filter((c) => c === 'rate_limited')).to.have.length(2);
            const other = (await newKey(t)).key; // another tenant behind the same address
            expect((await rawMcp(t, toolCall(9, 'validate_schema', { schema: SCHEMA }), bearer(other))).status).to.equal(200);
            const counts = await t.server.services.limiter.currentCounts({ accountId: 'none', ip: '127.0.0.1' });
            expect(counts.ip).to.equal(0);
        } finally {
            await t.stop();
        }
    });
});

describe('MCP: a rate_limited result names the wait of its route', () => {
    it("an account past its share of the worker queue: 'wait 1 second', as REST's Retry-After: 1", async () => {
        let calls = 0;
        let release: () => void = () => {};
        const held = new Promise<void>((r) => (release = r));
        const editor: EditService = {
            edit: async () => {
                calls++;
                await held;
                return { object: 'extraction' } as never;
            },
        };
        const t = await startTestServer({ limits: OPEN, config: { workerQueuePerAccount: 2 }, overrides: { editor } });
        try {
            const { key } = await newKey(t);
            const pending = rawMcp(
                t,
                [0, 1, 2].map((i) => toolCall(i, 'edit_extraction', EDIT)),
                bearer(key),
            );
            while (calls < 2) await new Promise((r) => setTimeout(r, 5)); // two hold the account's share
            release();
            const r = await pending;
            const limited = (r.json as any[]).filter((m) => errorIn(m)?.code === 'rate_limited');
            expect(limited).to.have.length(1);
            expect(limited[0].result.content[1].text).to.equal('Rate limit reached: wait 1 second before retrying this tool.');
        } finally {
            await t.stop();
        }
    });
});
