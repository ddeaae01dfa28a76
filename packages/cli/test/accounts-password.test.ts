// `svc accounts password`: the password comes from standard input only, is checked, and is stored
// as a scrypt hash the panel verifies.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { openSqliteStore, verifyPassword } from '@svc/runtime-server';

const bin = fileURLToPath(new URL('../../bin/svc.js', import.meta.url));

describe('svc accounts password', function () {
    this.timeout(30_000);
    let dir: string;
    before(() => {
        dir = mkdtempSync(join(tmpdir(), 'svc-cli-pw-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));
    const svc = (args: string[], input = '') =>
        spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', env: { ...process.env, SVC_DATA_DIR: dir } });

    it('sets a password read from standard input (one trailing newline dropped)', async () => {
        expect(svc(['accounts', 'create', '--email', 'cli@example.test']).status).to.equal(0);
        const r = svc(['accounts', 'password', '--email', 'cli@example.test'], 'a password from stdin\n');
        expect(r.status, r.stderr).to.equal(0);
        expect(r.stdout).to.include('password set for cli@example.test').and.not.include('from stdin');
        const store = openSqliteStore(dir);
        try {
            const login = await store.findLogin('cli@example.test');
            expect(await verifyPassword('a password from stdin', login!.passwordHash)).to.equal(true);
            expect(await verifyPassword('a password from stdin\n', login!.passwordHash)).to.equal(false);
        } finally {
            await store.close();
        }
    });

    it('refuses a short password (exit 2), an unknown email (exit 1) and a password given as an argument (exit 2)', () => {
        expect(svc(['accounts', 'password', '--email', 'cli@example.test'], 'short\n').status).to.equal(2);
        expect(svc(['accounts', 'password', '--email', 'nobody@example.test'], 'a password from stdin\n').status).to.equal(1);
        const arg = svc(['accounts', 'password', '--email', 'cli@example.test', '--password', 'a password on the line']);
        expect(arg.status).to.equal(2);
        expect(arg.stderr).to.include('Unknown option');
    });
});
