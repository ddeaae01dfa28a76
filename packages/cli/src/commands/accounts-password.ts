// `svc accounts password --email E`: sets the panel password of an account (made with `svc accounts
// create`), read from standard input, never from an argument (arguments show in `ps` and shell
// history). One trailing newline is dropped, so `printf` and `echo` both work.
import { hashPassword, passwordProblem } from '@svc/runtime-server';
import { openDataStore } from '../cli-data-dir.js';
import { parseCommandArgs, UsageError, type CliIO } from '../cli-types.js';

async function readStdin(): Promise<string> {
    if (process.stdin.isTTY) process.stderr.write('Password (then Enter and Ctrl-D): ');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of process.stdin) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size > 64 * 1024) throw new UsageError('the password on standard input is too long');
    }
    return Buffer.concat(chunks)
        .toString('utf8')
        .replace(/\r?\n$/, '');
}

export async function accountsPassword(args: string[], io: CliIO): Promise<number> {
    const parsed = parseCommandArgs({ args, options: { email: { type: 'string' } }, allowPositionals: false });
    const email = parsed.values.email;
    if (!email) throw new UsageError('--email is required (the password is read from standard input)');
    const password = await readStdin();
    const problem = passwordProblem(password);
    if (problem) throw new UsageError(problem.toLowerCase().replace(/\.$/, ''));
    const store = await openDataStore(io); // PostgreSQL with SVC_DATABASE_URL, as the other account commands
    try {
        if (!(await store.setPasswordHash(email, await hashPassword(password)))) {
            io.stderr(`svc accounts: no account with email ${email}\n`);
            return 1;
        }
        io.stdout(`password set for ${email}; sign in at /panel/\n`);
        return 0;
    } finally {
        await store.close();
    }
}
