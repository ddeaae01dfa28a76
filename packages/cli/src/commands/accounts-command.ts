import { AccountExistsError, KeyRequestError, MAX_CREDIT_CHANGE, createAccount } from '@svc/runtime-server';
import { openDataStore } from '../cli-data-dir.js';
import { parseCommandArgs, UsageError, type CliIO, type Command } from '../cli-types.js';
import { accountsPassword } from './accounts-password.js';
import { heldNote, showAccount } from './accounts-show.js';

const USAGE =
    'svc accounts create --email E [--json] | svc accounts credit --email E --reads N | svc accounts show --email E [--json] | svc accounts password --email E (password on stdin)';

export const accountsCommand: Command = {
    name: 'accounts',
    usage: USAGE,
    async run(args: string[], io: CliIO): Promise<number> {
        if (args[0] === 'password') return accountsPassword(args.slice(1), io);
        const parsed = parseCommandArgs({
            args,
            options: { email: { type: 'string' }, reads: { type: 'string' }, json: { type: 'boolean' } },
            allowPositionals: true,
        });
        const [sub, ...extra] = parsed.positionals;
        const { email, reads, json } = parsed.values;
        if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
        if (sub !== 'create' && sub !== 'credit' && sub !== 'show')
            throw new UsageError(sub === undefined ? 'give a subcommand' : `unknown subcommand ${sub}`);
        if (!email) throw new UsageError('--email is required');
        let amount = 0;
        if (sub === 'credit') {
            if (reads === undefined || !/^-?\d+$/.test(reads) || !(Math.abs(Number(reads)) <= MAX_CREDIT_CHANGE))
                throw new UsageError('--reads N (an integer of at most 1,000,000,000 either way) is required');
            amount = Number(reads);
        } else if (reads !== undefined) {
            throw new UsageError('--reads belongs to `accounts credit`');
        }

        const store = await openDataStore(io);
        try {
            if (sub === 'show') return await showAccount(store, email, Boolean(json), io);
            if (sub === 'create') {
                const account = await createAccount(store, email);
                const out = { id: account.id, email: account.email, credit_reads: account.creditReads };
                io.stdout(json ? `${JSON.stringify(out)}\n` : `created account ${out.id} (${out.email}) with ${out.credit_reads} reads\n`);
                return 0;
            }
            const account = await store.addCredit(email, amount);
            if (!account) {
                io.stderr(`svc accounts: no account with email ${email}\n`);
                return 1;
            }
            // Reads held by extractions in flight are not in the credit: a negative N cannot take them.
            const held = await store.heldReads(account.id);
            const out = { id: account.id, email: account.email, credit_reads: account.creditReads, held_reads: held };
            io.stdout(json ? `${JSON.stringify(out)}\n` : `${out.email} now has ${out.credit_reads} reads${heldNote(held)}\n`);
            return 0;
        } catch (e) {
            if (e instanceof KeyRequestError) throw new UsageError(e.message);
            if (e instanceof AccountExistsError) {
                io.stderr(`svc accounts: ${e.message}\n`);
                return 1;
            }
            throw e;
        } finally {
            await store.close();
        }
    },
};
