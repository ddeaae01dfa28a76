// Bundles the extension for VS Code, which loads CommonJS: the client (dist/extension.cjs, with
// `vscode` left to the host) and the language server with everything it imports (dist/server.cjs:
// @svc/lsp, the compiler, langium), so the .vsix needs no node_modules. `--minify` for releases.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const common = {
    absWorkingDir: here,
    bundle: true,
    platform: 'node',
    target: 'node18',
    format: 'cjs',
    sourcemap: true,
    minify: process.argv.includes('--minify'),
    logLevel: 'info',
};

await Promise.all([
    build({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.cjs', external: ['vscode'] }),
    build({ ...common, entryPoints: ['src/server.ts'], outfile: 'dist/server.cjs' }),
]);
