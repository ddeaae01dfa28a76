// Documents per second of today's reader against the reader as it was before the accuracy work
// (commit 4c0cfc4, 2026-11-22: no learned ranker, no calibration, fewer finders), on the labelled
// sets, both through `svc extract --json` as the scorer runs it (start-up included), alternated in
// the same run so both meet the same machine load, measured in CPU time. The earlier build lives in .bench-out/reader-baseline (or
// SVC_BENCH_BASELINE_DIR); `node bench/reader-baseline-bench.mjs --prepare` makes it once (git
// archive of that commit + npm ci, a few minutes). Without it the row says how to make it.
// `node bench/reader-baseline-bench.mjs` runs it alone; bench/run.mjs calls runReaderBaselineBench().
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DATASETS = join(root, '..', 'shared', 'datasets');
const BASELINE_REF = '4c0cfc4';
const baselineDir = process.env.SVC_BENCH_BASELINE_DIR || join(root, '.bench-out', 'reader-baseline');
const ROUNDS = 3;

function median(xs) {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)];
}

/** Writes the baseline commit's tree to baselineDir and installs and builds it there. */
function prepare() {
    rmSync(baselineDir, { recursive: true, force: true });
    mkdirSync(baselineDir, { recursive: true });
    const tar = execFileSync('git', ['archive', BASELINE_REF], { cwd: root, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', baselineDir], { input: tar });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: baselineDir, stdio: 'inherit' });
}

// The child reports its own CPU time (user + system) on exit: on a machine shared with other work,
// CPU time moves far less than wall-clock time, and the reader runs on the main thread.
const REPORT_CPU = `--import=data:text/javascript,process.on('exit',()=>process.stderr.write('\\nSVC_CPU_US '+JSON.stringify(process.cpuUsage())+'\\n'))`;

/** CPU seconds of one `svc extract --json` over every document of a set, with the CLI of `project`. */
function runOnce(project, schemaFile, language, files) {
    const cli = join(project, 'packages', 'cli', 'bin', 'svc.js');
    const r = spawnSync(
        process.execPath,
        [REPORT_CPU, cli, 'extract', '--schema', schemaFile, '--language', language, '--json', ...files],
        {
            cwd: project,
            encoding: 'utf8',
            maxBuffer: 1 << 30,
        },
    );
    if (r.status !== 0) throw new Error(`svc extract in ${project} exited ${r.status}: ${(r.stderr || '').slice(0, 500)}`);
    const cpu = /SVC_CPU_US (\{.*\})/.exec(r.stderr);
    if (!cpu) throw new Error(`svc extract in ${project} did not report its CPU time`);
    const { user, system } = JSON.parse(cpu[1]);
    return (user + system) / 1e6;
}

function measureSet(set, work) {
    const cases = readFileSync(join(DATASETS, set, 'cases.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
    const language = cases[0].language;
    const files = cases.map((c, i) => {
        const f = join(work, `${set}-${i}.txt`);
        writeFileSync(f, c.document);
        return f;
    });
    const schemaFile = join(DATASETS, set, 'schema.json');
    const now = [];
    const before = [];
    for (let i = 0; i < ROUNDS; i++) {
        before.push(runOnce(baselineDir, schemaFile, language, files));
        now.push(runOnce(root, schemaFile, language, files));
    }
    return {
        name: `${set}: svc extract of ${cases.length} documents, CPU time, median of ${ROUNDS}, alternated`,
        value: cases.length / median(now),
        unit: 'docs/s',
        target: '≥ 1× the reader of 2026-11-22',
        ratio: median(before) / median(now),
        baseline: `the reader of ${BASELINE_REF} (${(cases.length / median(before)).toFixed(1)} docs/s)`,
    };
}

export async function runReaderBaselineBench() {
    if (!existsSync(DATASETS)) return [];
    if (
        !existsSync(join(baselineDir, 'packages', 'cli', 'bin', 'svc.js')) ||
        !existsSync(join(baselineDir, 'packages', 'extraction', 'dist'))
    ) {
        return [
            {
                name: `reader speed against ${BASELINE_REF}: skipped, run node bench/reader-baseline-bench.mjs --prepare`,
                value: NaN,
                unit: '',
                target: '-',
            },
        ];
    }
    const work = mkdtempSync(join(tmpdir(), 'svc-reader-baseline-'));
    try {
        const sets = readdirSync(DATASETS)
            .filter((d) => existsSync(join(DATASETS, d, 'cases.jsonl')))
            .sort();
        return sets.map((set) => measureSet(set, work));
    } finally {
        rmSync(work, { recursive: true, force: true });
    }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    if (process.argv.includes('--prepare')) prepare();
    else {
        const { printRows } = await import('./bench-table.mjs');
        printRows(await runReaderBaselineBench());
    }
}
