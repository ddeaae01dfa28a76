// `svc accounts show` and `svc accounts credit` name the reads extractions in flight hold: they are not
// in the credit, so `--reads -N` cannot take them, and a failed extraction gives them back
// (README, "Walkthrough"; docs/runtime-server.md, "Credit").
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '@svc/runtime-server';
import { main } from '../src/cli-main.js';
import type { CliIO } from '../src/cli-types.js';

describe('svc accounts: reads held by extractions in flight', function () {
    this.timeout(30_000);
    const dir = mkdtempSync(join(tmpdir(), 'svc-cli-held-'));
    const env = { SVC_DATA_DIR: join(dir, 'data') };
    after(() => rmSync(dir, { recursive: true, force: true }));

    async function svc(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
        let stdout = '';
        let stderr = '';
        const io: CliIO = {
            stdout: (t) => void (stdout += t),
            stderr: (t) => void (stderr += t),
            stderrIsTTY: false,
            env,
            cwd: dir,
        };
        return { code: await main(args, io), stdout, stderr };
    }

    it('shows held reads, which zeroing the credit leaves and a failed extraction gives back', async () => {
        expect((await svc('accounts', 'create', '--email', 'h@x.org')).code).to.equal(0);
        const plain = await svc('accounts', 'show', '--email', 'h@x.org');
        expect(plain.stdout).to.contain('10 reads of credit\n'); // nothing held: no note
        // An extraction of the server reading now: 3 reads reserved (as credit/credit-ledger.ts does).
        const store = openSqliteStore(env.SVC_DATA_DIR);
        try {
            const account = (await store.findAccountByEmail('h@x.org'))!;
            const r = { id: `res_${account.id}`, accountId: account.id };
            await store.heartbeat('inst_cli_test');
            expect(await store.openReservation({ ...r, reads: 3, instanceId: 'inst_cli_test' })).to.equal(true);

            const shown = await svc('accounts', 'show', '--email', 'h@x.org');
            expect(shown.stdout).to.contain('7 reads of credit, and 3 held by extractions in flight');
            const json = JSON.parse((await svc('accounts', 'show', '--email', 'h@x.org', '--json')).stdout) as Record<string, unknown>;
            expect(json).to.include({ credit_reads: 7, held_reads: 3 });

            const zeroed = await svc('accounts', 'credit', '--email', 'h@x.org', '--reads', '-1000');
            expect(zeroed.code, zeroed.stderr).to.equal(0);
            expect(zeroed.stdout).to.contain('now has 0 reads, and 3 held by extractions in flight');
            const zeroedJson = await svc('accounts', 'credit', '--email', 'h@x.org', '--reads', '0', '--json');
            expect(JSON.parse(zeroedJson.stdout)).to.include({ credit_reads: 0, held_reads: 3 });

            // The extraction fails: its reads come back to the credit.
            await store.settleReservation(r, 0, new Date().toISOString());
            const after = await svc('accounts', 'show', '--email', 'h@x.org', '--json');
            expect(JSON.parse(after.stdout)).to.include({ credit_reads: 3, held_reads: 0 });
        } finally {
            await store.close();
        }
    });
});
