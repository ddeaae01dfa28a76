// Extraction engine benchmarks (issue 4):
//   - a 50,000-character document with 32 fields end to end through the engine (windows, heuristic
//     reader, grounding, settling, response, session), median of several runs;
//   - documents per second on each labelled dev set (engine in process, as `svc extract` runs it);
//   - the worst case of settling: one component of 32 fields with 8 competing readings each and 100
//     relations, where the exhaustive search hits its budget and the greedy pass decides.
// `node bench/extraction-bench.mjs` runs it alone; bench/run.mjs calls runExtractionBench().
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DATASETS = join(root, '..', 'shared', 'datasets');
const OPTIONS = { on_conflict: 'withhold', fallback: 'off' };

function median(xs) {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A schema of 32 fields of every kind, and a 50,000-character document stating each field twice. */
export function wideCase() {
    const kinds = [
        (i) => [
            { name: `reference_${i}`, type: 'string', pattern: `REF-${i}-[0-9]{4}`, hints: [`Reference ${i}`] },
            `REF-${i}-${String(1000 + i * 7).slice(-4)}`,
        ],
        (i) => [{ name: `date_${i}`, type: 'date', hints: [`Date ${i}`] }, `${(i % 27) + 1} ${MONTHS[i % 12]} 2024`],
        (i) => [
            { name: `amount_${i}`, type: 'money', currency: 'EUR', hints: [`Amount ${i}`] },
            `EUR ${(i * 1234.5).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
        ],
        (i) => [{ name: `period_${i}`, type: 'duration', basis: 'days', hints: [`Period ${i}`] }, `${i + 10} days`],
        (i) => [{ name: `count_${i}`, type: 'integer', hints: [`Count ${i}`] }, `${i * 3 + 1}`],
        (i) => [
            { name: `status_${i}`, type: 'enum', labels: ['open', 'closed', 'pending'], hints: [`Status ${i}`] },
            ['open', 'closed', 'pending'][i % 3],
        ],
        (i) => [{ name: `holder_${i}`, type: 'string', hints: [`Holder ${i}`] }, `Acme Holding ${i} B.V.`],
        (i) => [{ name: `rate_${i}`, type: 'decimal', scale: 2, hints: [`Rate ${i}`] }, `${i}.25`],
    ];
    const fields = [];
    const lines = [];
    for (let i = 0; i < 32; i++) {
        const [field, value] = kinds[i % kinds.length](i);
        fields.push(field);
        lines.push(`${field.hints[0]}: ${value}`);
    }
    const schema = { svc_schema: '1.0', name: 'wide', fields, relations: [{ id: 'order', expr: 'date_9 >= date_1' }] };
    const prose =
        'The parties agree that the services described in this schedule are delivered with due care, and that notices are sent in writing to the addresses stated above. ';
    let doc = '';
    let k = 0;
    while (doc.length < 50_000 - 400) {
        doc += prose;
        if (doc.length > (k + 1) * 750 && k < lines.length * 2) {
            doc += `\n${lines[k % lines.length]}\n`;
            k++;
        }
    }
    return { schema, document: doc.slice(0, 50_000) };
}

/** One component: 32 money fields, 8 competing readings each, 100 relations chaining them. */
function settleCase(compileSchemaText, parseQuote) {
    const fields = Array.from({ length: 32 }, (_, i) => ({ name: `m${i}`, type: 'money', currency: 'EUR' }));
    const relations = [];
    for (let r = 0; r < 100; r++) {
        const a = r % 32;
        const b = (r * 7 + 3) % 32;
        const c = (r * 13 + 5) % 32;
        if (a === b || b === c || a === c) relations.push({ id: `r${r}`, expr: `m${a} <= m${(a + 1) % 32} + m${(a + 2) % 32}` });
        else relations.push({ id: `r${r}`, expr: `m${a} <= m${b} + m${c}` });
    }
    const compiled = compileSchemaText(JSON.stringify({ svc_schema: '1.0', name: 'worst', fields, relations }));
    if (!compiled.ok) throw new Error(`settling bench schema does not compile: ${JSON.stringify(compiled.errors.slice(0, 3))}`);
    const schema = compiled.schema;
    const mentions = [];
    let id = 0;
    for (const f of schema.fields) {
        for (let k = 0; k < 8; k++) {
            const quote = `${(f.id * 8 + k) * 3 + 1}.00`;
            mentions.push({
                id,
                bundle: 0,
                field: f.id,
                start: id * 10,
                end: id * 10 + quote.length,
                quote,
                p: 0.6,
                parsed: parseQuote(f.type, quote, 'en'),
            });
            id++;
        }
    }
    return { schema, mentions };
}

/** The same extraction through POST /v1/extractions of a server in this process (body out, JSON back). */
async function viaHttp(wide) {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { createServer, loadConfig, createAccount, createKey } = await import('@svc/runtime-server');
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-extract-bench-'));
    const unlimited = { perIp: 1e12, perKey: 1e12, perAccount: 1e12, extractionsPerAccount: 1e12 };
    const server = createServer(
        loadConfig({ SVC_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SVC_SESSION_SECRET: 'bench' }, root, { limits: unlimited }),
        { logSink: () => {} },
    );
    const url = await server.listen();
    try {
        await createAccount(server.services.store, 'bench@example.test');
        await server.services.store.addCredit('bench@example.test', 10_000);
        const { key } = await createKey(server.services.store, { email: 'bench@example.test', name: 'bench' });
        const body = JSON.stringify({ document: wide.document, schema: wide.schema });
        const times = [];
        for (let i = 0; i < 8; i++) {
            // A different first character each time: no cache of the last document's tokens helps.
            const b = body.replace('"document":"T', `"document":"${'ABCDEFGHIJ'[i]}`);
            const t0 = process.hrtime.bigint();
            const res = await fetch(`${url}/v1/extractions`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
                body: b,
            });
            const json = await res.json();
            times.push(Number(process.hrtime.bigint() - t0) / 1e6);
            if (res.status !== 200) throw new Error(`POST /v1/extractions: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
        }
        return {
            name: 'the same through POST /v1/extractions (HTTP, heuristic reader), median of 7',
            value: median(times.slice(1)),
            unit: 'ms',
            target: '< 300 ms',
        };
    } finally {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
    }
}

async function rankerRatio(compileSchemaText, secrets) {
    const { Engine, HeuristicReader } = await import('@svc/extraction');
    const work = [];
    for (const set of readdirSync(DATASETS)
        .filter((d) => existsSync(join(DATASETS, d, 'cases.jsonl')))
        .sort()) {
        const result = compileSchemaText(readFileSync(join(DATASETS, set, 'schema.json'), 'utf8'));
        if (!result.ok) continue;
        const cases = readFileSync(join(DATASETS, set, 'cases.jsonl'), 'utf8')
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l));
        for (const c of cases.slice(0, 40))
            work.push({ document: c.document, schema: result.schema, language: c.language, reference: null, options: OPTIONS });
    }
    const time = async (reader) => {
        const engine = new Engine({ reader, secrets, concurrency: 1 });
        const t0 = process.hrtime.bigint();
        for (const r of work) await engine.extract(r);
        return Number(process.hrtime.bigint() - t0) / 1e9;
    };
    const ranked = [];
    const before = [];
    for (let i = 0; i < 3; i++) {
        before.push(await time(new HeuristicReader({ weights: null })));
        ranked.push(await time(new HeuristicReader()));
    }
    return {
        name: `learned ranker: ${work.length} documents of every set, median of 3`,
        value: work.length / median(ranked),
        unit: 'docs/s',
        target: '≥ 0.95× before',
        ratio: median(before) / median(ranked),
        baseline: 'the heuristic score alone, as before the ranker',
    };
}

export async function runExtractionBench() {
    await import('@svc/language/polyfill');
    const { compileSchemaText } = await import('@svc/compiler');
    const { createEngine, secretRingOf, parseQuote, settle } = await import('@svc/extraction');
    const secrets = secretRingOf(['bench-secret']);
    const rows = [];

    // 1. A 50,000-character document with 32 fields, end to end.
    const wide = wideCase();
    const compiled = compileSchemaText(JSON.stringify(wide.schema));
    if (!compiled.ok) throw new Error(`wide bench schema does not compile: ${JSON.stringify(compiled.errors.slice(0, 3))}`);
    const request = { document: wide.document, schema: compiled.schema, language: 'en', reference: null, options: OPTIONS };
    const times = [];
    let found = 0;
    for (let i = 0; i < 7; i++) {
        const engine = createEngine({ reader: 'heuristic', secrets }); // fresh: no cached tokenization
        const t0 = process.hrtime.bigint();
        const ex = await engine.extract(request);
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        found = Object.values(ex.response.fields).filter((f) => f.status === 'found').length;
    }
    rows.push({
        name: `extract a 50,000-character document, 32 fields (${found} found), engine, median of 7`,
        value: median(times.slice(1)),
        unit: 'ms',
        target: '< 300 ms',
    });
    rows.push(await viaHttp(wide));

    // 2. Documents per second on each labelled set.
    if (existsSync(DATASETS)) {
        for (const set of readdirSync(DATASETS)
            .filter((d) => existsSync(join(DATASETS, d, 'cases.jsonl')))
            .sort()) {
            let text = readFileSync(join(DATASETS, set, 'schema.json'), 'utf8');
            let note = '';
            let result = compileSchemaText(text);
            if (!result.ok && result.errors.every((e) => e.code === 'E-FIELD-NAME')) {
                // Throughput only: rename fields named with a reserved word (receipts-en has "date").
                const schema = JSON.parse(text);
                for (const f of schema.fields) if (['date', 'datetime', 'duration'].includes(f.name)) f.name = `${f.name}_`;
                text = JSON.stringify(schema);
                result = compileSchemaText(text);
                note = ', reserved field names renamed';
            }
            if (!result.ok) {
                rows.push({ name: `${set}: schema does not compile`, value: NaN, unit: 'docs/s', target: '-' });
                continue;
            }
            const cases = readFileSync(join(DATASETS, set, 'cases.jsonl'), 'utf8')
                .trim()
                .split('\n')
                .map((l) => JSON.parse(l));
            const engine = createEngine({ reader: 'heuristic', secrets });
            const t0 = process.hrtime.bigint();
            for (const c of cases)
                await engine.extract({
                    document: c.document,
                    schema: result.schema,
                    language: c.language,
                    reference: null,
                    options: OPTIONS,
                });
            const secs = Number(process.hrtime.bigint() - t0) / 1e9;
            const chars = cases.reduce((n, c) => n + c.document.length, 0);
            rows.push({
                name: `${set}: ${cases.length} documents, ${Math.round(chars / cases.length)} characters on average${note}`,
                value: cases.length / secs,
                unit: 'docs/s',
                target: '-',
            });
        }
    }

    // 2b. The learned ranker's cost: documents per second with it against the heuristic score alone
    // (the reader before the ranker), on the same documents in this process, interleaved.
    if (existsSync(DATASETS)) rows.push(await rankerRatio(compileSchemaText, secrets));

    // 3. Worst case of settling.
    const worst = settleCase(compileSchemaText, parseQuote);
    settle(worst.schema, worst.mentions); // warm up
    const st = [];
    let greedy = false;
    for (let i = 0; i < 5; i++) {
        const t0 = process.hrtime.bigint();
        const s = settle(worst.schema, worst.mentions);
        st.push(Number(process.hrtime.bigint() - t0) / 1e6);
        greedy = s.warnings.some((w) => w.includes('greedy'));
    }
    rows.push({
        name: `settle one component: 32 fields x 8 readings, 100 relations${greedy ? ' (budget reached, greedy)' : ''}, median of 5`,
        value: median(st),
        unit: 'ms',
        target: '< 100 ms',
    });
    return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
    const { printRows } = await import('./bench-table.mjs');
    printRows(await runExtractionBench());
}
