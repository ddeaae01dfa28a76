// Golden tests of `svc check`'s rendered text. Regenerate with UPDATE_GOLDEN=1 after a deliberate
// change, and review the diff.
import { expect } from 'chai';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/cli-main.js';
import type { CliIO } from '../src/cli-types.js';

const here = dirname(fileURLToPath(import.meta.url)); // dist/test
const testDir = join(here, '..', '..', 'test');
const repo = join(here, '..', '..', '..', '..');

export async function runCli(args: string[], cwd = repo): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const io: CliIO = {
        stdout: (t) => {
            stdout += t;
        },
        stderr: (t) => {
            stderr += t;
        },
        stderrIsTTY: false,
        env: {},
        cwd,
    };
    const code = await main(args, io);
    return { code, stdout, stderr };
}

const CASES: Array<[string, string[]]> = [
    ['broken-invoice', ['check', 'examples/broken-invoice.svc.json']],
    ['non-ascii', ['check', 'packages/cli/test/fixtures/non-ascii.svc.json']],
    ['syntax', ['check', 'packages/cli/test/fixtures/syntax.svc.json']],
    // What a schema says reaches the terminal without a control, bidi or zero-width character raw.
    ['terminal-controls', ['check', 'packages/cli/test/fixtures/terminal-controls.svc.json']],
    // Carets by display columns: emoji and CJK take two, combining marks none.
    ['wide-chars', ['check', 'packages/cli/test/fixtures/wide-chars.svc.json']],
    ['examples-ok', ['check', 'examples/invoice-en.svc.json', 'examples/factuur-nl.svc.json', 'examples/contract-en.svc.json']],
];

describe('svc check golden output', () => {
    for (const [name, args] of CASES) {
        it(name, async () => {
            const r = await runCli(args);
            const golden = join(testDir, 'golden', `${name}.txt`);
            const actual = `exit ${r.code}\n${r.stdout}${r.stderr}`;
            if (process.env.UPDATE_GOLDEN || !existsSync(golden)) writeFileSync(golden, actual);
            expect(actual).to.equal(readFileSync(golden, 'utf8'));
        });
    }
});

describe('svc CLI behaviour', () => {
    it('check --json prints one array in argument order with the API detail shape', async () => {
        const r = await runCli(['check', '--json', 'examples/invoice-en.svc.json', 'examples/broken-invoice.svc.json']);
        expect(r.code).to.equal(1);
        const list = JSON.parse(r.stdout) as Array<{
            file: string;
            ok: boolean;
            schema_hash?: string;
            errors: Array<Record<string, unknown>>;
        }>;
        expect(list.map((e) => [e.file, e.ok])).to.deep.equal([
            ['examples/invoice-en.svc.json', true],
            ['examples/broken-invoice.svc.json', false],
        ]);
        expect(list[0]!.schema_hash).to.match(/^sha256:[0-9a-f]{64}$/);
        expect(list[1]).to.not.have.property('schema_hash');
        expect(Object.keys(list[1]!.errors[1]!).sort()).to.deep.equal(['code', 'message', 'pointer', 'span']);
    });

    it('check shows no raw control character on the terminal, and --json keeps the exact text', async () => {
        const file = 'packages/cli/test/fixtures/terminal-controls.svc.json';
        const text = await runCli(['check', file]);
        // Line feeds end lines; nothing else of these may reach a terminal.
        // eslint-disable-next-line no-control-regex -- control characters are what must not be there
        const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/;
        expect(text.stdout).to.not.match(raw);
        expect(text.stdout).to.contain('unknown key "\\u{1B}[2J\\u{1B}[H');
        const json = JSON.parse((await runCli(['check', '--json', file])).stdout) as Array<{
            errors: Array<{ message: string; pointer: string }>;
        }>;
        expect(json[0]!.errors[0]!.message).to.equal('unknown key "\u001b[2J\u001b[H\u001b[32mall good\u001b[0m" in a field');
        expect(json[0]!.errors[0]!.pointer).to.equal('/fields/0/\u001b[2J\u001b[H\u001b[32mall good\u001b[0m');
        const missing = await runCli(['check', 'no\u001b[2Jfile.json']);
        expect(missing.stderr).to.contain('cannot read no\\u{1B}[2Jfile.json');
    });

    it('check exits 2 on a missing file (still checking the others) and on no file', async () => {
        const missing = await runCli(['check', 'examples/invoice-en.svc.json', 'nope.json']);
        expect(missing.code).to.equal(2);
        expect(missing.stdout).to.contain('examples/invoice-en.svc.json: ok');
        expect(missing.stderr).to.contain('nope.json');
        expect((await runCli(['check'])).code).to.equal(2);
        expect((await runCli(['check', '--bogus', 'x.json'])).code).to.equal(2);
    });

    it('explain prints every code, exits 2 for an unknown one', async () => {
        const r = await runCli(['explain', 'e-div-unrounded']);
        expect(r.code).to.equal(0);
        expect(r.stdout).to.contain('E-DIV-UNROUNDED').and.to.contain('Example');
        const bad = await runCli(['explain', 'E-NOPE']);
        expect(bad.code).to.equal(2);
        expect(bad.stderr).to.contain('E-TYPE');
    });

    it('an unknown command exits 2 with the list of commands', async () => {
        const r = await runCli(['frobnicate']);
        expect(r.code).to.equal(2);
        expect(r.stderr).to.contain('check');
    });
});
