// The commands that open the accounts database (`accounts`, `keys`) and `serve` read SVC_DATABASE_URL
// and SVC_REDIS_URL as their drivers do before anything else: a value the driver cannot read is one
// line naming the variable, exit 2, never the value (it holds a password) and never "internal
// error: Invalid URL", which `svc accounts` printed before.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/cli-main.js';
import type { CliIO } from '../src/cli-types.js';

const bin = fileURLToPath(new URL('../../bin/svc.js', import.meta.url));
const PASSWORD = 'S3cret PW';
const BAD_DB = `postgres://svc:${PASSWORD}@host:abc/svc`;
const BAD_REDIS = `redis://:${PASSWORD}@host:abc`;
// Nothing listens on port 1: were the URL used, the command would fail otherwise.
const GOOD_DB = 'postgres://svc:x@127.0.0.1:1/svc';

describe('svc: malformed SVC_DATABASE_URL and SVC_REDIS_URL', function () {
    this.timeout(30_000);
    let dir: string;
    beforeEach(() => {
        dir = mkdtempSync(join(tmpdir(), 'svc-cli-url-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    async function svc(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
        const out = { stdout: '', stderr: '' };
        const io: CliIO = {
            stdout: (t) => void (out.stdout += t),
            stderr: (t) => void (out.stderr += t),
            stderrIsTTY: false,
            env: { SVC_DATA_DIR: join(dir, 'data'), SVC_SESSION_SECRET: 'cli-url-test', PORT: '0', ...env },
            cwd: dir,
        };
        return { code: await main(args, io), ...out };
    }

    function expectRefused(r: { code: number; stdout: string; stderr: string }, variable: string, command: string): void {
        expect(r.code, r.stderr).to.equal(2);
        expect(r.stderr).to.match(new RegExp(`^svc ${command}: ${variable} must be a `));
        expect(r.stderr).to.contain('the value is not shown');
        expect(r.stderr.trim().split('\n')).to.have.length(1);
        expect(r.stderr + r.stdout)
            .to.not.contain(PASSWORD)
            .and.not.contain('internal error');
    }

    it('accounts create, credit and show; keys create, list and revoke refuse a malformed SVC_DATABASE_URL', async () => {
        const email = ['--email', 'a@example.test'];
        for (const args of [
            ['accounts', 'create', ...email],
            ['accounts', 'credit', ...email, '--reads', '5'],
            ['accounts', 'show', ...email],
            ['keys', 'create', ...email, '--name', 'x'],
            ['keys', 'list', ...email],
            ['keys', 'revoke', 'key_x', '--no-redis'],
        ])
            expectRefused(await svc({ SVC_DATABASE_URL: BAD_DB }, ...args), 'SVC_DATABASE_URL', args[0]!);
    });

    it('keys revoke refuses a malformed SVC_REDIS_URL before it touches the database', async () => {
        expectRefused(
            await svc({ SVC_DATABASE_URL: GOOD_DB, SVC_REDIS_URL: BAD_REDIS }, 'keys', 'revoke', 'key_x'),
            'SVC_REDIS_URL',
            'keys',
        );
    });

    /** The binary in a process of its own (a server that did start is killed, and the test fails). */
    function svcProcess(env: NodeJS.ProcessEnv, input: string, ...args: string[]): { code: number; stdout: string; stderr: string } {
        const r = spawnSync(process.execPath, [bin, ...args], {
            input,
            env: { PATH: process.env.PATH, SVC_DATA_DIR: join(dir, 'data'), SVC_SESSION_SECRET: 'cli-url-test', PORT: '0', ...env },
            encoding: 'utf8',
            timeout: 20_000,
            killSignal: 'SIGKILL',
        });
        return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    }

    it('accounts password (it reads standard input) refuses it too', () => {
        const r = svcProcess({ SVC_DATABASE_URL: BAD_DB }, 'correct horse battery staple\n', 'accounts', 'password', '--email', 'a@x.test');
        expectRefused(r, 'SVC_DATABASE_URL', 'accounts');
    });

    it('serve refuses either at start, exit 2', () => {
        expectRefused(svcProcess({ SVC_DATABASE_URL: BAD_DB }, '', 'serve'), 'SVC_DATABASE_URL', 'serve');
        expectRefused(svcProcess({ SVC_REDIS_URL: BAD_REDIS }, '', 'serve'), 'SVC_REDIS_URL', 'serve');
    });
});
