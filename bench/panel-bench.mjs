// Panel bench (issue 11): page time to interactive in Chromium on loopback, the playground's
// diagnostics latency per keystroke on the typical schema, and the size of the browser bundle.
// `runPanelBench()` returns rows {name, value, unit, target, ok}; without Chromium it says so and
// returns none. Run alone: node bench/panel-bench.mjs
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { printRows } from './bench-table.mjs';
import { typicalSchema } from './schema-gen.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ASSETS = join(ROOT, 'packages/panel-client/dist/assets');
const CHROMIUM = [process.env.SVC_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
const ARGS = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

function bundleRows() {
    const manifest = JSON.parse(readFileSync(join(ASSETS, 'manifest.json'), 'utf8'));
    const js = readFileSync(join(ASSETS, manifest.script));
    const css = readFileSync(join(ASSETS, manifest.style));
    return [
        { name: 'panel: browser bundle (compiler included), minified', value: js.length / 1024, unit: 'KiB', target: 'reported' },
        {
            name: 'panel: browser bundle, minified + gzip -9',
            value: gzipSync(js, { level: 9 }).length / 1024,
            unit: 'KiB',
            target: '< 600 KiB',
            ok: gzipSync(js, { level: 9 }).length < 600 * 1024,
        },
        {
            name: 'panel: stylesheet, minified + gzip -9',
            value: gzipSync(css, { level: 9 }).length / 1024,
            unit: 'KiB',
            target: 'reported',
        },
    ];
}

export async function runPanelBench() {
    const rows = bundleRows();
    if (!CHROMIUM) {
        console.log('panel: no Chromium found (apt-get install chromium); page and keystroke rows skipped');
        return rows;
    }
    await import('@svc/language/polyfill');
    const { chromium } = await import('playwright-core');
    const { createServer, loadConfig } = await import('@svc/runtime-server');
    const { compileSchemaText } = await import('@svc/compiler');
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-panel-bench-'));
    const server = createServer(
        loadConfig({ SVC_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }, ROOT, {
            limits: { perIp: 1e6, perKey: 1e6, perAccount: 1e6, extractionsPerAccount: 1e6 },
        }),
        { logSink: () => {} },
    );
    const url = await server.listen();
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(`${url}/panel/sign-up`);
        await page.getByLabel('Email').fill('bench@example.test');
        await page.getByLabel('Password').fill('bench password long enough');
        await page.getByRole('button', { name: 'Sign up' }).click();
        await page.getByRole('heading', { name: 'API keys' }).waitFor();

        // Time to interactive: navigation start to the end of DOMContentLoaded, by when the module
        // script has run (the playground has compiled its schema and drawn its diagnostics).
        const tti = async (path) => {
            const times = [];
            for (let i = 0; i < 15; i++) {
                await page.goto(`${url}${path}`);
                times.push(await page.evaluate(() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd));
            }
            return median(times.slice(3)); // the first loads fill the cache
        };
        const baseline = await tti('/healthz');
        for (const [label, path] of [
            ['API keys', '/panel/keys'],
            ['Usage', '/panel/usage'],
            ['Playground', '/panel/playground'],
        ]) {
            const v = await tti(path);
            rows.push({
                name: `panel: ${label} page, time to interactive (median, warm cache)`,
                value: v,
                unit: 'ms',
                target: '< 500 ms',
                ok: v < 500,
                ratio: v / baseline,
                baseline: 'GET /healthz in the same browser',
            });
        }

        // Keystrokes: a character typed into a relation of the typical schema, then removed; each
        // input event compiles and redraws synchronously, so its handler time is the latency.
        const schema = typicalSchema();
        await page.goto(`${url}/panel/playground`);
        const times = await page.evaluate(async (text) => {
            const area = document.getElementById('schema');
            area.value = text;
            area.dispatchEvent(new Event('input'));
            const at = text.indexOf('"expr": "') + 9;
            const out = [];
            for (let i = 0; i < 200; i++) {
                const next = i % 2 === 0 ? text.slice(0, at) + 'x' + text.slice(at) : text;
                const t0 = performance.now();
                area.value = next;
                area.dispatchEvent(new Event('input'));
                out.push(performance.now() - t0);
                await new Promise((r) => requestAnimationFrame(r));
            }
            return out;
        }, schema);
        const nodeTimes = [];
        for (let i = 0; i < 200; i++) {
            const t0 = performance.now();
            compileSchemaText(schema);
            nodeTimes.push(performance.now() - t0);
        }
        const m = median(times);
        rows.push({
            name: 'panel: playground diagnostics per keystroke, typical schema (median)',
            value: m,
            unit: 'ms',
            target: '< 16 ms',
            ok: m < 16,
            ratio: m / median(nodeTimes),
            baseline: 'compileSchemaText in Node',
        });
        rows.push({ name: 'panel: the same, p95', value: p95(times), unit: 'ms', target: 'reported' });
    } finally {
        await browser.close();
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
    }
    return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printRows(await runPanelBench());
