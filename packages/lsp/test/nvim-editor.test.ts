// A real editor: headless Neovim with its built-in LSP client opens a schema with errors; the Lua
// script writes the diagnostics Neovim holds (byte columns of the buffer) to a JSON file, after an
// edit too. Run with the UTF-16 and the UTF-8 position encoding: both must land on the same bytes.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { SERVER_BIN } from './lsp-test-client.js';

const SCRIPT = fileURLToPath(new URL('../../test/nvim/lsp-diagnostics.lua', import.meta.url));

const SCHEMA = `{
  "svc_schema": "1.0",
  "name": "nvim – ünïcödé",
  "fields": [
    {"name": "s", "type": "string"},
    {"name": "total", "type": "integer"},
    {"name": "d", "type": "date", "eom": "end"}
  ],
  "relations": [
    {"id": "ü😀", "expr": "s == '\\u00e9😀' and nope > 0"},
    {"id": "div", "expr": "total / 2 > 1"}
  ]
}
`;

interface NvimDiagnostic {
    code: string;
    message: string;
    lnum: number;
    col: number;
    end_lnum: number;
    end_col: number;
}
interface NvimResult {
    ok: boolean;
    encoding: string;
    first: NvimDiagnostic[];
    second?: NvimDiagnostic[];
}

/** Line and byte columns of a needle, as Neovim reports them. */
function bytesOf(text: string, needle: string): Pick<NvimDiagnostic, 'lnum' | 'col' | 'end_lnum' | 'end_col'> {
    const at = text.indexOf(needle);
    const lines = text.slice(0, at).split('\n');
    const col = Buffer.byteLength(lines[lines.length - 1]!, 'utf8');
    return { lnum: lines.length - 1, col, end_lnum: lines.length - 1, end_col: col + Buffer.byteLength(needle, 'utf8') };
}

function hasNvim(): boolean {
    return spawnSync('nvim', ['--version'], { stdio: 'ignore' }).status === 0;
}

describe('Neovim (headless, built-in LSP client)', function () {
    this.timeout(60000);
    let dir: string;

    before(function () {
        if (!hasNvim()) {
            console.log('    nvim is not installed: skipping the Neovim tests (apt-get install -y neovim)');
            this.skip();
        }
        dir = mkdtempSync(join(tmpdir(), 'svc-lsp-nvim-'));
    });
    after(() => {
        if (dir) rmSync(dir, { recursive: true, force: true });
    });

    for (const encoding of ['utf-16', 'utf-8']) {
        it(`shows the diagnostics at their bytes, before and after an edit (${encoding})`, () => {
            const file = join(dir, `schema-${encoding}.svc.json`);
            const out = join(dir, `out-${encoding}.json`);
            writeFileSync(file, SCHEMA);
            const nope = bytesOf(SCHEMA, 'nope');
            execFileSync('nvim', ['--headless', '--clean', '-n', '-c', `luafile ${SCRIPT}`], {
                cwd: dir,
                timeout: 50000,
                stdio: ['ignore', 'ignore', 'inherit'],
                env: {
                    ...process.env,
                    // Neovim's LSP log and state go to the temporary directory, not the user's home.
                    XDG_CACHE_HOME: dir,
                    XDG_STATE_HOME: dir,
                    XDG_DATA_HOME: dir,
                    XDG_CONFIG_HOME: dir,
                    SVC_LSP_CMD: JSON.stringify([process.execPath, SERVER_BIN, '--stdio']),
                    SVC_FILE: file,
                    SVC_OUT: out,
                    SVC_ENCODING: encoding,
                    SVC_EDIT: JSON.stringify({ line: nope.lnum, col: nope.col, end_col: nope.end_col, text: 'totl' }),
                },
            });
            const result = JSON.parse(readFileSync(out, 'utf8')) as NvimResult;
            expect(result.ok, 'Neovim saw no diagnostics').to.equal(true);
            expect(result.encoding).to.equal(encoding);
            const shape = (ds: NvimDiagnostic[]) =>
                ds.map(({ code, lnum, col, end_lnum, end_col }) => ({ code, lnum, col, end_lnum, end_col }));
            expect(shape(result.first)).to.deep.equal([
                { code: 'E-SCHEMA-VALUE', ...bytesOf(SCHEMA, '"end"') },
                { code: 'E-NAME-UNKNOWN', ...nope },
                { code: 'E-DIV-UNROUNDED', ...bytesOf(SCHEMA, 'total / 2') },
            ]);
            // The edit went through Neovim's incremental sync in this encoding; the server's text
            // must now hold "totl" exactly where "nope" was.
            const edited = SCHEMA.replace('nope', 'totl');
            expect(shape(result.second!)).to.deep.equal([
                { code: 'E-SCHEMA-VALUE', ...bytesOf(edited, '"end"') },
                { code: 'E-NAME-UNKNOWN', ...bytesOf(edited, 'totl') },
                { code: 'E-DIV-UNROUNDED', ...bytesOf(edited, 'total / 2') },
            ]);
            expect(result.second![1]!.message).to.equal('"totl" is not a field of this schema; did you mean "total"?');
        });
    }
});
