// Edit benchmarks (issue 5), through the HTTP API of a server in this process, end to end (request
// body out, response parsed back), on a 50,000-character document holding 500 mentions of 10 fields
// (one relation), extracted by POST /v1/extractions with a scripted reader that counts its calls:
//   - every field settles: a chain of inserts and retracts, each sent the previous response, and the
//     first edit of a new extraction (whose session does not carry the document's token count yet);
//   - with conflicts: the same chain where inserts keep making conflicts, so settling includes the
//     repair search, and reconciliations are previewed and applied (the applied response must equal
//     the preview's `after`);
//   - the session's size; and the reader is never called by an edit (the bench fails if it is).
// `node bench/edit-bench.mjs` runs it alone; bench/run.mjs calls runEditBench().
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const SCHEMA = {
    svc_schema: '1.0',
    name: 'ledger',
    fields: [
        { name: 'reference', type: 'string', pattern: 'REF-[0-9]{4}-[0-9]{4}' },
        { name: 'issue_date', type: 'date' },
        { name: 'due_date', type: 'date' },
        { name: 'net', type: 'money', currency: 'EUR' },
        { name: 'vat', type: 'money', currency: 'EUR' },
        { name: 'total', type: 'money', currency: 'EUR' },
        { name: 'term', type: 'duration', basis: 'days' },
        { name: 'status', type: 'enum', labels: ['open', 'closed', 'pending'] },
        { name: 'items', type: 'integer' },
        { name: 'holder', type: 'string' },
    ],
    relations: [{ id: 'sum', expr: 'total == net + vat' }],
};

/** Field k's value number v (0, 1 or 2): up to three readings per field. */
export function valueOf(k, v) {
    switch (SCHEMA.fields[k].name) {
        case 'reference':
            return `REF-2024-${String(100 + v).padStart(4, '0')}`;
        case 'issue_date':
            return `${3 + v} ${MONTHS[v]} 2024`;
        case 'due_date':
            return `${10 + v} ${MONTHS[v + 3]} 2024`;
        case 'net':
            return `EUR ${['100.00', '110.00', '120.00'][v]}`;
        case 'vat':
            return `EUR ${['21.00', '23.10', '25.20'][v]}`;
        case 'total':
            return `EUR ${['121.00', '133.10', '145.20'][v]}`;
        case 'term':
            return `${30 + v * 15} days`;
        case 'status':
            return ['open', 'closed', 'pending'][v];
        case 'items':
            return String(12 + v);
        default:
            return ['Acme Holding B.V.', 'Acme Trading Ltd', 'Beta Supplies GmbH'][v];
    }
}

/**
 * 500 planted values, 50 per field, between lines of prose, the document padded to 50,000
 * characters. In the `settled` case each field states one value, with a few stray sightings of
 * another value at low confidence (as the heuristic reader adds them), so every field settles. In
 * the `conflicts` case `total` and `status` state two values equally often: two conflicts, whose
 * repairs settle their component again for every candidate set of withdrawn readings.
 */
export function ledger(kind = 'settled') {
    const filler = 'The parties confirm the entry below as recorded in the ledger of the period under review. ';
    const planted = [];
    let doc = '';
    for (let i = 0; i < 500; i++) {
        const k = i % 10;
        const n = Math.floor(i / 10);
        const competing = kind === 'conflicts' && ['total', 'status'].includes(SCHEMA.fields[k].name);
        const stray = n % 10 === 9;
        const v = competing ? n % 2 : stray ? 1 : 0;
        const quote = valueOf(k, v);
        doc += filler.slice(0, 40 + (i % 7) * 3);
        doc += `\nEntry ${i + 1}, ${SCHEMA.fields[k].name}: `;
        planted.push({ slot: SCHEMA.fields[k].name, quote, at: doc.length, p: stray && !competing ? 0.05 : 0.55 + ((i * 37) % 40) / 100 });
        doc += `${quote}.\n`;
    }
    while (doc.length < 50_000) doc += filler;
    return { document: doc.slice(0, 50_000), planted };
}

/** A reader that proposes the planted values inside each window, and counts its calls. */
export class CountingReader {
    name = 'counting';
    calls = 0;
    planted = [];
    async read(input) {
        this.calls += 1;
        const end = input.offset + input.text.length;
        return this.planted
            .filter((c) => c.at >= input.offset && c.at + c.quote.length <= end)
            .map((c) => ({ slot: c.slot, quote: c.quote, p: c.p, at: c.at - input.offset }));
    }
}

function median(xs) {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)];
}

/**
 * A chain of edits, each sent the previous response: an insert per step (with `alternate`, of the
 * field's second value every other step, which makes a new conflict), every 4th step a retract;
 * whenever a conflict has repairs, a preview of its first repair, applied every 4th step.
 */
async function editChain(ex, n, timed, alternate = false) {
    const times = { insert: [], retract: [], preview: [], reconcile: [] };
    for (let i = 0; i < n; i++) {
        const k = i % 10;
        const ins = await timed({
            extraction: ex,
            edit: { action: 'insert', candidate: { slot: SCHEMA.fields[k].name, quote: valueOf(k, alternate ? i % 2 : 0), p: 0.6 } },
        });
        times.insert.push(ins.ms);
        ex = ins.out;
        if (i % 4 === 3) {
            const r = await timed({ extraction: ex, edit: { action: 'retract', bundle: ex.active_bundles[ex.active_bundles.length - 1] } });
            times.retract.push(r.ms);
            ex = r.out;
        }
        const conflict = ex.response.components.flatMap((c) => c.conflicts).find((c) => c.repairs.length > 0);
        if (conflict) {
            const pv = await timed({
                extraction: ex,
                edit: { action: 'preview_reconciliation', intent: `bench ${i}`, withdraw: conflict.repairs[0].withdraw },
            });
            times.preview.push(pv.ms);
            if (i % 4 === 1) {
                const rc = await timed({ extraction: ex, edit: { action: 'reconcile', plan: pv.out.plan } });
                times.reconcile.push(rc.ms);
                if (JSON.stringify(rc.out.response) !== JSON.stringify(pv.out.after))
                    throw new Error('the reconciled response differs from the preview');
                ex = rc.out;
            }
        }
    }
    return { times, ex };
}

export async function runEditBench({ chain = 40 } = {}) {
    await import('@svc/language/polyfill');
    const { Engine, secretRingOf } = await import('@svc/extraction');
    const { createServer, loadConfig, createAccount, createKey } = await import('@svc/runtime-server');
    const reader = new CountingReader();
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-edit-bench-'));
    const unlimited = { perIp: 1e12, perKey: 1e12, perAccount: 1e12, extractionsPerAccount: 1e12 };
    const config = loadConfig({ SVC_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SVC_SESSION_SECRET: 'edit-bench-secret' }, root, {
        limits: unlimited,
    });
    const engine = new Engine({ reader, secrets: secretRingOf(config.sessionSecrets), concurrency: 1 });
    // The edit service is the real one, built by the server from @svc/extraction (editor undefined).
    const server = createServer(config, { engine, logSink: () => {} });
    const url = await server.listen();
    try {
        await createAccount(server.services.store, 'bench@example.test');
        await server.services.store.addCredit('bench@example.test', 1000);
        const { key } = await createKey(server.services.store, { email: 'bench@example.test', name: 'bench' });
        const post = async (path, body) => {
            const res = await fetch(url + path, {
                method: 'POST',
                headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
                body: JSON.stringify(body),
            });
            const json = await res.json();
            if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
            return json;
        };
        const timed = async (body) => {
            const t0 = process.hrtime.bigint();
            const out = await post('/v1/extractions/edit', body);
            return { out, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
        };
        let reads = 0;
        const extract = async (kind, variant = '') => {
            const { document, planted } = ledger(kind);
            reader.planted = planted;
            const ex = await post('/v1/extractions', { document: variant + document.slice(variant.length), schema: SCHEMA });
            reads += ex.usage.reads;
            if (ex.response.mentions.length !== 500)
                throw new Error(`the first pass holds ${ex.response.mentions.length} mentions, not 500`);
            return ex;
        };

        // Every field settles: the chain's medians (the first edits warm the process up).
        const settled = await extract('settled');
        const a = await editChain(settled, chain, timed);
        // The first edit of a new extraction in a warm server: its session does not carry the
        // document's token count yet, so this edit tokenizes the document once.
        const fresh = await timed({ extraction: await extract('settled', 'Ledger. '), edit: { action: 'retract', bundle: 0 } });
        // Conflicts (two in the document, more made by the inserts): settling includes the repair
        // search; reconciliations are previewed and applied.
        const conflicts = await extract('conflicts');
        const b = await editChain(conflicts, chain, timed, true);
        if (reader.calls !== reads) throw new Error(`the edits called the reader ${reader.calls - reads} times`);

        // Every row: a 50,000-character document holding 500 mentions, over HTTP, end to end.
        const rows = [
            {
                name: `edit insert, all fields settle, median of ${a.times.insert.length}`,
                value: median(a.times.insert),
                unit: 'ms',
                target: '< 20 ms',
            },
            {
                name: `edit retract, all fields settle, median of ${a.times.retract.length}`,
                value: median(a.times.retract),
                unit: 'ms',
                target: '< 20 ms',
            },
            { name: 'first edit of a new extraction (tokenizes the document once)', value: fresh.ms, unit: 'ms', target: '< 20 ms' },
        ];
        for (const action of ['insert', 'preview', 'reconcile']) {
            if (b.times[action].length)
                rows.push({
                    name: `edit ${action}, with conflicts and repairs, median of ${b.times[action].length}`,
                    value: median(b.times[action]),
                    unit: 'ms',
                    target: '< 20 ms',
                });
        }
        rows.push(
            {
                name: 'session holding the 500 mentions',
                value: Buffer.byteLength(settled.session, 'utf8') / 1024,
                unit: 'KiB',
                target: '< 32 KiB',
            },
            {
                name: `session after ${b.ex.revision} edits (${b.ex.response.mentions.length} active mentions)`,
                value: Buffer.byteLength(b.ex.session, 'utf8') / 1024,
                unit: 'KiB',
                target: '< 32 KiB',
            },
            {
                name: `reader calls by ${a.ex.revision + 1 + b.ex.revision} edits (extractions: ${reads} windows)`,
                value: reader.calls - reads,
                unit: '',
                target: '0',
            },
        );
        return rows;
    } finally {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
    }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
    const { printRows } = await import('./bench-table.mjs');
    printRows(await runEditBench());
}
