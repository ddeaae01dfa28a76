// `svc accounts show --email E`: an account's credit, the reads extractions in flight hold (not in
// the credit; given back if they fail or read less), and its keys (prefixes only, never secrets).
import { listKeys, type Store } from '@svc/runtime-server';
import { plural, type CliIO } from '../cli-types.js';
import { keyLine, listed } from './key-listing.js';

export async function showAccount(store: Store, email: string, json: boolean, io: CliIO): Promise<number> {
    const account = await store.findAccountByEmail(email);
    if (!account) {
        io.stderr(`svc accounts: no account with email ${email}\n`);
        return 1;
    }
    const keys = (await listKeys(store, email)).map(listed);
    const held = await store.heldReads(account.id);
    const out = { id: account.id, email: account.email, credit_reads: account.creditReads, held_reads: held, keys };
    if (json) {
        io.stdout(`${JSON.stringify(out)}\n`);
        return 0;
    }
    const active = keys.filter((k) => !k.revoked_at).length;
    io.stdout(
        [
            `${out.email} (${out.id}): ${out.credit_reads} reads of credit${heldNote(held)}`,
            `${plural(keys.length, 'key')}, ${active} active${keys.length ? ':' : ''}`,
            ...keys.map((k) => `  ${keyLine(k)}`),
            '',
        ].join('\n'),
    );
    return 0;
}

/** The reads extractions in flight hold, as a note after the credit ('' when none). */
export function heldNote(held: number): string {
    return held > 0 ? `, and ${held} held by extractions in flight (given back if they fail or read less)` : '';
}
