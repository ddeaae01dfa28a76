// `svc accounts` and `svc keys` against PostgreSQL when SVC_DATABASE_URL is set, like the server: a
// real throwaway PostgreSQL (started by @svc/runtime-server's test support; skipped, with the reason
// printed, when its binaries are absent).
import { expect } from 'chai';
import { hashApiKey, openPgStore } from '@svc/runtime-server';
import { sharedPg } from '@svc/runtime-server/test-support';
import { main } from '../src/cli-main.js';
import type { CliIO } from '../src/cli-types.js';

describe('svc accounts and svc keys on PostgreSQL', function () {
    this.timeout(60_000);
    let url: string;
    before(async function () {
        const pg = await sharedPg();
        if (!pg) return this.skip();
        url = await pg.createDatabase();
    });

    async function svc(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
        let stdout = '';
        let stderr = '';
        // SVC_DATA_DIR points nowhere usable: the commands must not touch SQLite at all.
        const io: CliIO = {
            stdout: (t) => {
                stdout += t;
            },
            stderr: (t) => {
                stderr += t;
            },
            stderrIsTTY: false,
            env: { SVC_DATABASE_URL: url, SVC_DATA_DIR: '/nonexistent/svc' },
            cwd: '/',
        };
        return { code: await main(args, io), stdout, stderr };
    }

    it('creates an account, adds credit, creates, lists and revokes a key in the database', async () => {
        const created = await svc('accounts', 'create', '--email', 'pg@example.test', '--json');
        expect(created.code, created.stderr).to.equal(0);
        expect(JSON.parse(created.stdout)).to.include({ email: 'pg@example.test', credit_reads: 10 });
        expect((await svc('accounts', 'create', '--email', 'PG@example.test')).code).to.equal(1);
        expect(
            JSON.parse((await svc('accounts', 'credit', '--email', 'pg@example.test', '--reads', '5', '--json')).stdout).credit_reads,
        ).to.equal(15);
        const key = JSON.parse((await svc('keys', 'create', '--email', 'pg@example.test', '--name', 'ci', '--json')).stdout);
        const store = openPgStore(url, { max: 1 });
        try {
            expect((await store.findKeyByHash(hashApiKey(key.key)))?.id).to.equal(key.id);
            const listed = JSON.parse((await svc('keys', 'list', '--email', 'pg@example.test', '--json')).stdout);
            expect(listed.map((k: { id: string }) => k.id)).to.deep.equal([key.id]);
            expect((await svc('keys', 'revoke', key.id)).code).to.equal(0);
            expect((await svc('keys', 'revoke', key.id)).code).to.equal(1);
            expect((await store.findKeyByHash(hashApiKey(key.key)))?.revokedAt).to.be.a('string');
        } finally {
            await store.close();
        }
    });
});
