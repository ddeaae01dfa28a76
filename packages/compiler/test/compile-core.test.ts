// The core entry (@svc/compiler/core) compiles schemas without expressions without loading the
// expression front end (Langium, a quarter of a second of start-up), refuses expressions until
// loadExpressionFrontEnd() ran, and then compiles exactly as the full entry does. Run in a child
// process: this one has the front end loaded already (the test script provides it).
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileSchemaText } from '../src/index.js';

const dist = join(import.meta.dirname, '..', 'src');

const PLAIN = { svc_schema: '1.0', name: 'plain', fields: [{ name: 'total', type: 'money', currency: 'EUR' }] };
const WITH_RELATION = {
    svc_schema: '1.0',
    name: 'rel',
    fields: [
        { name: 'net', type: 'money', currency: 'EUR' },
        { name: 'total', type: 'money', currency: 'EUR' },
    ],
    relations: [{ id: 'sum', expr: 'total >= net' }],
};

describe('the compiler core entry', () => {
    it('compiles without the expression front end until an expression needs it, then as the full entry does', () => {
        const dir = mkdtempSync(join(tmpdir(), 'svc-core-'));
        try {
            const log = join(dir, 'resolved.log');
            // Resolve hooks run on their own thread: they record every URL in a file.
            const hooks = `data:text/javascript,import{appendFileSync}from'node:fs';export async function resolve(s,c,n){const r=await n(s,c);appendFileSync(${JSON.stringify(log)},r.url+'\\n');return r}`;
            const register = join(dir, 'register.mjs');
            writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(hooks)});\n`);
            const script = join(dir, 'child.mjs');
            writeFileSync(
                script,
                `import { readFileSync } from 'node:fs';
const core = await import(${JSON.stringify(pathToFileURL(join(dist, 'core.js')).href)});
const out = {};
out.plain = core.compileSchemaText(${JSON.stringify(JSON.stringify(PLAIN))}).ok;
out.beforeLoad = readFileSync(${JSON.stringify(log)}, 'utf8').split('\\n').filter((u) => /langium|chevrotain/.test(u)).length;
try { core.compileSchemaText(${JSON.stringify(JSON.stringify(WITH_RELATION))}); out.refused = false; } catch (e) { out.refused = e instanceof core.ExpressionFrontEndMissing; }
await core.loadExpressionFrontEnd();
const r = core.compileSchemaText(${JSON.stringify(JSON.stringify(WITH_RELATION))});
out.after = { ok: r.ok, relations: JSON.stringify(r.schema.relations) };
out.afterLoad = readFileSync(${JSON.stringify(log)}, 'utf8').split('\\n').filter((u) => /langium|chevrotain/.test(u)).length;
console.log(JSON.stringify(out));
`,
            );
            const child = spawnSync(
                process.execPath,
                ['--import=@svc/language/polyfill', `--import=${pathToFileURL(register).href}`, script],
                {
                    cwd: join(import.meta.dirname, '..', '..'),
                    encoding: 'utf8',
                },
            );
            expect(child.status, child.stderr).to.equal(0);
            const out = JSON.parse(child.stdout.trim().split('\n').at(-1)!);
            expect(out.plain).to.equal(true);
            expect(out.beforeLoad, 'Langium resolved before any expression').to.equal(0);
            expect(out.refused).to.equal(true);
            expect(out.afterLoad).to.be.greaterThan(0);
            expect(out.after.ok).to.equal(true);
            const full = compileSchemaText(JSON.stringify(WITH_RELATION));
            expect(full.schema!.relations).to.have.length(1);
            expect(out.after.relations).to.equal(JSON.stringify(full.schema!.relations));
            expect(readFileSync(log, 'utf8')).to.include('core.js');
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });
});
