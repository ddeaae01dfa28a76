#!/usr/bin/env node
// `npm run score`: the shared scorer (../shared/eval/score.mjs) on the shared datasets. One dev
// set (receipts-en) names a field `date`, a reserved word of schema language 1.0 (docs/schema-language.md
// section 5: E-FIELD-NAME), so its schema does not compile as shipped. This runs the scorer on a
// temporary copy in which reserved field names get a `_value` suffix (in the schema, the expected
// values and the spans); nothing else changes. Arguments are passed to the scorer.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RESERVED = new Set(['when', 'round', 'abs', 'min', 'max', 'present', 'not', 'and', 'or', 'true', 'false', 'null', 'date', 'datetime', 'duration']);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = join(root, '..', 'shared');
const source = join(shared, 'datasets');
// The data sets and the scorer live beside the repository (README, "../shared"): without them, one
// line and exit 2 rather than a stack trace.
for (const needed of [source, join(shared, 'eval', 'score.mjs')]) {
    if (!existsSync(needed)) {
        console.error(`score: ${needed} is missing; npm run score needs the data sets and scorer beside the repository (README, "../shared")`);
        process.exit(2);
    }
}
const work = mkdtempSync(join(tmpdir(), 'svc-score-'));

const rename = (obj, names) => obj && Object.fromEntries(Object.entries(obj).map(([k, v]) => [names.get(k) ?? k, v]));

try {
    for (const set of readdirSync(source)) {
        const dir = join(source, set);
        if (!existsSync(join(dir, 'schema.json'))) continue;
        cpSync(dir, join(work, set), { recursive: true });
        const schema = JSON.parse(readFileSync(join(dir, 'schema.json'), 'utf8'));
        const names = new Map(schema.fields.filter((f) => RESERVED.has(f.name)).map((f) => [f.name, `${f.name}_value`]));
        if (names.size === 0) continue;
        console.error(`score: ${set}: renaming reserved field name(s) ${[...names.keys()].join(', ')} (E-FIELD-NAME) for this run`);
        for (const f of schema.fields) f.name = names.get(f.name) ?? f.name;
        writeFileSync(join(work, set, 'schema.json'), JSON.stringify(schema, null, 2));
        const cases = readFileSync(join(dir, 'cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
        const out = cases.map((c) => JSON.stringify({ ...c, expected: rename(c.expected, names), spans: rename(c.spans, names) }));
        writeFileSync(join(work, set, 'cases.jsonl'), `${out.join('\n')}\n`);
    }
    const r = spawnSync(process.execPath, [join(shared, 'eval', 'score.mjs'), '--data', work, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
    process.exitCode = r.status ?? 1;
} finally {
    rmSync(work, { recursive: true, force: true });
}
