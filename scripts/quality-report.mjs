#!/usr/bin/env node
// `npm run quality`: scores the tuning half and the check half of every labelled set with the
// project's scorer (../shared/eval/score.mjs, run as `svc extract` sees documents), prints the
// README's table, and writes one reliability diagram per set (docs/reliability/<set>.svg): the
// share of right values per confidence bin against the bin's confidence, from the check half.
import '../scripts/polyfill.mjs';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileSchemaText } from '@svc/compiler';
import { createEngine, secretRingOf } from '@svc/extraction';
import { loadSets, same } from './ranker-data.mjs';
import { reliabilitySvg } from './reliability-svg.mjs';

const root = join(import.meta.dirname, '..');
const scorer = join(root, '..', 'shared', 'eval', 'score.mjs');
const sets = loadSets();

function score(half) {
    const dir = mkdtempSync(join(tmpdir(), `svc-${half}-`));
    try {
        for (const s of sets) {
            mkdirSync(join(dir, s.name));
            writeFileSync(join(dir, s.name, 'schema.json'), s.schemaText);
            writeFileSync(join(dir, s.name, 'cases.jsonl'), `${s[half].map((c) => JSON.stringify(c)).join('\n')}\n`);
        }
        const r = spawnSync(process.execPath, [scorer, '--data', dir, '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
        if (r.status !== 0) throw new Error(r.stderr);
        return JSON.parse(r.stdout);
    } finally {
        rmSync(dir, { recursive: true, force: true });
    }
}

/** (confidence, right) of every reported non-list value of a half, read in this process. */
async function pairs(set, half) {
    const engine = createEngine({ reader: 'heuristic', secrets: secretRingOf(['quality']) });
    const compiled = compileSchemaText(set.schemaText);
    const out = [];
    for (const c of set[half]) {
        const ex = await engine.extract({
            document: c.document,
            schema: compiled.schema,
            language: c.language,
            reference: null,
            options: { on_conflict: 'withhold', fallback: 'off' },
        });
        for (const f of compiled.schema.fields) {
            const got = ex.response.data[f.name];
            if (f.type.kind === 'array' || got === null || got === undefined) continue;
            out.push([ex.response.fields[f.name].confidence, same(c.expected[f.name], got) ? 1 : 0]);
        }
    }
    return out;
}

const pct = (x) => (100 * x).toFixed(1);
const halves = { tune: score('tune'), check: score('check') };
console.log('| set | half | docs | macro-F1 | ECE | precision at ≥ 0.9 (values) | grounded | docs/s |');
console.log('|---|---|---|---|---|---|---|---|');
for (const half of ['tune', 'check']) {
    for (const s of halves[half]) {
        const k = s.calibration;
        const g = s.fields.reduce((a, f) => [a[0] + f.grounded, a[1] + f.groundable], [0, 0]);
        console.log(
            `| ${s.set} | ${half} | ${s.documents} | ${pct(s.macro_f1)} | ${k.ece.toFixed(3)} | ${k.high_precision == null ? '-' : pct(k.high_precision)} (${k.high_confidence}) | ${g[1] ? pct(g[0] / g[1]) : '-'} | ${s.docs_per_s.toFixed(1)} |`,
        );
    }
    const mean = halves[half].reduce((a, s) => a + s.macro_f1, 0) / halves[half].length;
    console.log(`| **mean** | ${half} | | **${pct(mean)}** | | | | |`);
}
mkdirSync(join(root, 'docs', 'reliability'), { recursive: true });
for (const set of sets) {
    const file = join(root, 'docs', 'reliability', `${set.name}.svg`);
    writeFileSync(file, reliabilitySvg(set.name, await pairs(set, 'check')));
    console.error(`quality: wrote ${file}`);
}
