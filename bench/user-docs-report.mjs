// Documents written as users write them (bench/user-docs: plain invoices, receipts, leases,
// employment and loan agreements, purchase orders; a third Dutch; about half the schemas without
// hints), read by the embedded reader and compared with the values a careful reader expects.
// `first/` was used to find the failures the reader now handles; `second/`, `third/`, `fourth/`
// and `fifth/` were each written blind, scored, then used for fixes; `sixth/` was written blind and
// used for none; `seventh/` to `tenth/` were written blind, measured, then used for fixes;
// `eleventh/` to `twentysixth/` were written blind, measured, then used for fixes; `twentyseventh/`
// was written blind and measured for a later session (docs/extraction.md, "Users' documents"). Not a
// test: the counts are a measurement, printed with every wrong value (and every missing one with
// MISSING=1).
// Usage: node bench/user-docs-report.mjs [set ...]
import '../scripts/polyfill.mjs';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchemaText } from '@svc/compiler';
import { createEngine, secretRingOf } from '@svc/extraction';

const root = join(dirname(fileURLToPath(import.meta.url)), 'user-docs');
const engine = createEngine({ reader: 'heuristic', secrets: secretRingOf(['user-docs']) });

const text = (s) =>
    String(s)
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[‐-―]/g, '-')
        .replace(/,/g, ' ')
        .replace(/\s+/g, ' ')
        .replace(/^[\s.;:"'()]+|[\s.;:"'()]+$/g, '');
const number = (s) => (/^-?\d+(\.\d+)?$/.test(String(s)) ? Number(s) : undefined);

/** Whether a value read is the one expected (a list: any of its alternatives). */
function same(want, got) {
    if (Array.isArray(want)) return want.some((w) => same(w, got));
    if (want === null || got === null || got === undefined) return want === (got ?? null);
    if (typeof want === 'object')
        return typeof got === 'object' && got.currency === want.currency && Number(got.amount) === Number(want.amount);
    if (typeof want === 'boolean' || typeof got === 'boolean') return want === got;
    if (number(want) !== undefined && number(got) !== undefined) return number(want) === number(got);
    return text(want) === text(got);
}

const listMissing = process.env.MISSING === '1'; // MISSING=1 lists missing values too
const sets = process.argv.slice(2).length ? process.argv.slice(2) : readdirSync(root).sort();
for (const set of sets) {
    const dir = join(root, set);
    const counts = { right: 0, wrong: 0, missing: 0, confident: 0 };
    const wrong = [];
    for (const name of readdirSync(dir)
        .filter((f) => f.endsWith('.txt'))
        .sort()) {
        const base = join(dir, name.slice(0, -4));
        const { language, expected } = JSON.parse(readFileSync(`${base}.expected.json`, 'utf8'));
        const compiled = compileSchemaText(readFileSync(`${base}.svc.json`, 'utf8'));
        if (!compiled.ok) throw new Error(`${base}.svc.json does not compile`);
        const ex = await engine.extract({
            document: readFileSync(`${base}.txt`, 'utf8'),
            schema: compiled.schema,
            language,
            reference: null,
            options: { on_conflict: 'withhold', fallback: 'off' },
        });
        for (const [field, want] of Object.entries(expected)) {
            const got = ex.response.data[field] ?? null;
            const confidence = ex.response.fields[field]?.confidence ?? 0;
            if (same(want, got)) counts.right++;
            else if (got === null) {
                counts.missing++;
                if (listMissing)
                    wrong.push(`  ${name.slice(0, -4)} ${field}: want ${JSON.stringify(want)}, ${ex.response.fields[field]?.status}`);
            } else {
                counts.wrong++;
                if (confidence >= 0.8) counts.confident++;
                wrong.push(`  ${name.slice(0, -4)} ${field}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)} at ${confidence}`);
            }
        }
    }
    const total = counts.right + counts.wrong + counts.missing;
    console.log(
        `${set}: ${counts.right} of ${total} right, ${counts.missing} missing, ${counts.wrong} wrong (${counts.confident} at confidence >= 0.8)`,
    );
    for (const line of wrong) console.log(line);
}
