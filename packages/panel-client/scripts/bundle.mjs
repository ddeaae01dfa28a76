// Bundles the panel's browser code (the compiler included, for live diagnostics without a round
// trip) and its stylesheet with esbuild, into content-hashed files the server serves with long-lived
// cache headers; manifest.json names them. Each is also written brotli- and gzip-compressed beside it
// (`.br`, `.gz`), once here, so the server sends the encoding a browser accepts without compressing
// anything per request. Runs at `npm install` through the root build.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'assets');
const examples = join(root, '..', '..', 'examples');
rmSync(out, { recursive: true, force: true });

const result = await build({
    absWorkingDir: root,
    entryPoints: { panel: 'src/panel-main.ts', style: 'src/panel.css' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
    outdir: out,
    entryNames: '[name]-[hash]',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    // The compiler's two Node dependencies, for the browser: SHA-256 (schema hashes) and UTF-8 lengths.
    alias: { 'node:crypto': './src/shims/crypto-shim.ts' },
    inject: ['./src/shims/buffer-shim.ts'],
    // The playground starts with the repository's English invoice example.
    define: {
        EXAMPLE_SCHEMA: JSON.stringify(readFileSync(join(examples, 'invoice-en.svc.json'), 'utf8')),
        EXAMPLE_DOCUMENT: JSON.stringify(readFileSync(join(examples, 'invoice-en.txt'), 'utf8')),
    },
});

const manifest = {};
for (const [file, info] of Object.entries(result.metafile.outputs)) {
    if (!info.entryPoint) continue;
    manifest[info.entryPoint.endsWith('.css') ? 'style' : 'script'] = relative(out, join(root, file));
}
// The icon, content-hashed like the rest (so it can be cached for a year and never requested off /panel).
const icon = readFileSync(join(root, 'src', 'favicon.svg'));
manifest.icon = `favicon-${createHash('sha256').update(icon).digest('hex').slice(0, 8)}.svg`;
writeFileSync(join(out, manifest.icon), icon);
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

for (const name of [manifest.script, manifest.style]) {
    const file = join(out, name);
    const raw = readFileSync(file);
    const brotli = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
    writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: brotli }));
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
}
