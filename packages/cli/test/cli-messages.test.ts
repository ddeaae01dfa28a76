// What the CLI says of where it keeps things and of its environment: `--help` names the variables a
// command uses, an unreachable database is one line without "internal error" (exit 2), and counts
// are written in proper plurals in every command.
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli-main.js';
import type { CliIO } from '../src/cli-types.js';

const repo = join(new URL('.', import.meta.url).pathname, '..', '..', '..', '..');

async function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
    const out = { stdout: '', stderr: '' };
    const io: CliIO = {
        stdout: (t) => void (out.stdout += t),
        stderr: (t) => void (out.stderr += t),
        stderrIsTTY: false,
        env,
        cwd: repo,
    };
    return { code: await main(args, io), ...out };
}

// Nothing listens on port 1: the connection is refused at once.
const DOWN = 'postgres://svc:x@127.0.0.1:1/svc';

describe('svc messages: help, environment errors, plurals', function () {
    this.timeout(30_000);

    it('keys --help and svc --help name SVC_DATABASE_URL (and SVC_REDIS_URL for revoke) as accounts --help does', async () => {
        const top = (await run(['--help'])).stdout;
        expect(top).to.match(
            / keys +create, list and revoke API keys \(in SVC_DATA_DIR or SVC_DATABASE_URL; with it, revoke needs SVC_REDIS_URL\)/,
        );
        expect(top).to.match(/ accounts +.*\(in SVC_DATA_DIR or SVC_DATABASE_URL\)/);
        expect((await run(['keys', '--help'])).stdout).to.contain(
            '(in SVC_DATA_DIR or SVC_DATABASE_URL; with it, revoke needs SVC_REDIS_URL)',
        );
    });

    it('extract --help says where the session secret is kept and that SVC_SESSION_SECRET writes nothing', async () => {
        const r = await run(['extract', '--help']);
        expect(r.code).to.equal(0);
        expect(r.stdout).to.contain('SVC_DATA_DIR/session-secret (default ./data').and.to.contain('With SVC_SESSION_SECRET set');
    });

    it('an unreachable PostgreSQL is one line naming SVC_DATABASE_URL, exit 2, no "internal error"', async () => {
        for (const args of [
            ['keys', 'list', '--email', 'a@example.org'],
            ['accounts', 'show', '--email', 'a@example.org'],
        ]) {
            const r = await run(args, { SVC_DATABASE_URL: DOWN });
            expect(r.code, r.stderr).to.equal(2);
            expect(r.stderr).to.match(new RegExp(`^svc ${args[0]}: database unavailable: [^\\n]* \\(check SVC_DATABASE_URL\\)\\n$`));
        }
    });

    it('svc extract counts a broken schema\'s errors as svc check does ("5 errors"), and its reads and tokens', async () => {
        const schema = 'examples/broken-invoice.svc.json';
        const check = await run(['check', schema]);
        const extract = await run(['extract', '--schema', schema, 'examples/invoice-en.txt']);
        expect(check.stdout).to.contain(`${schema}: 5 errors\n`);
        expect(extract.code).to.equal(1);
        expect(extract.stderr).to.contain(`${schema}: 5 errors\n`);
        const dir = mkdtempSync(join(tmpdir(), 'svc-plural-'));
        try {
            const ok = await run(['extract', '--schema', 'examples/invoice-en.svc.json', 'examples/invoice-en.txt'], { SVC_DATA_DIR: dir });
            expect(ok.stdout).to.match(/^examples\/invoice-en\.txt: 1 read, \d+ tokens\n/);
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });

    it('explain E-EXPR-LENGTH says its example is shortened and prints a command that writes the whole schema', async () => {
        const r = await run(['explain', 'E-EXPR-LENGTH']);
        expect(r.stdout).to.contain("Shortened: 'aaaa…aaaa' stands for 16,400 letters a.");
        const command = /^ {2}(node -e .*)$/m.exec(r.stdout)?.[1];
        const dir = mkdtempSync(join(tmpdir(), 'svc-explain-'));
        try {
            execFileSync('sh', ['-c', command ?? 'false'], { cwd: dir, env: { PATH: process.env.PATH ?? '' } });
            const checked = await run(['check', join(dir, 'long.svc.json')]);
            expect(checked.stdout).to.contain('error[E-EXPR-LENGTH]: expression is 16407 bytes long');
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });
});
