// `npm run bench`: every area's benchmarks, printed with their targets and baseline ratios.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printRows } from './bench-table.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const AREAS = [
    ['compiler', 'compiler-bench.mjs', 'runCompilerBench'],
    ['runtime server', 'server-bench.mjs', 'runServerBench'],
    ['multi-instance (PostgreSQL + Redis)', 'cluster-bench.mjs', 'runClusterBench'],
    ['hardening', 'hardening-bench.mjs', 'runHardeningBench'],
    ['fairness between tenants', 'fairness-bench.mjs', 'runFairnessBench'],
    ['extraction', 'extraction-bench.mjs', 'runExtractionBench'],
    ['extraction speed against the reader of 2026-11-22', 'reader-baseline-bench.mjs', 'runReaderBaselineBench'],
    ['edits', 'edit-bench.mjs', 'runEditBench'],
    ['mcp', 'mcp-bench.mjs', 'runMcpBench'],
    ['language server', 'lsp-bench.mjs', 'runLspBench'],
    ['language server features on large documents', 'lsp-features-bench.mjs', 'runLspFeaturesBench'],
    ['panel', 'panel-bench.mjs', 'runPanelBench'],
];

const only = process.argv[2];
for (const [area, file, fn] of AREAS) {
    if (only && !area.startsWith(only)) continue;
    const path = join(here, file);
    if (!existsSync(path)) continue;
    console.log(`\n== ${area}`);
    const mod = await import(pathToFileURL(path).href);
    printRows(await mod[fn]());
}
