// Runs `langium generate` with the Object.groupBy polyfill loaded first (Node 20 support).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// langium-cli exports no package.json; its bin lives at a fixed place in the hoisted install.
const bin = join(root, 'node_modules', 'langium-cli', 'bin', 'langium.js');
const polyfill = pathToFileURL(join(root, 'scripts', 'polyfill.mjs')).href;
const r = spawnSync(process.execPath, ['--import', polyfill, bin, 'generate'], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
