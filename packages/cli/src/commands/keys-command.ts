import {
    DependencyUnavailableError,
    KeyRequestError,
    UnknownAccountError,
    createKey,
    listKeys,
    resolveDataDir,
    type Store,
} from '@svc/runtime-server';
import { keyLine, listed } from './key-listing.js';
import { openDataStore } from '../cli-data-dir.js';
import { CliError, parseCommandArgs, UsageError, type CliIO, type Command } from '../cli-types.js';

const USAGE =
    'svc keys create --email E --name N [--scopes a,b] [--expires-days D] [--json] | svc keys list --email E [--json] | svc keys revoke ID [--no-redis]';

export const keysCommand: Command = {
    name: 'keys',
    usage: USAGE,
    async run(args: string[], io: CliIO): Promise<number> {
        const parsed = parseCommandArgs({
            args,
            options: {
                email: { type: 'string' },
                name: { type: 'string' },
                scopes: { type: 'string' },
                'expires-days': { type: 'string' },
                json: { type: 'boolean' },
                'no-redis': { type: 'boolean' },
            },
            allowPositionals: true,
        });
        const [sub, ...rest] = parsed.positionals;
        const v = parsed.values;
        if (sub !== 'create' && sub !== 'list' && sub !== 'revoke')
            throw new UsageError(sub === undefined ? 'give a subcommand' : `unknown subcommand ${sub}`);
        if (sub === 'revoke' ? rest.length !== 1 : rest.length > 0)
            throw new UsageError(sub === 'revoke' ? 'give exactly one key id' : `unexpected argument ${rest[0]}`);
        if (sub !== 'revoke' && !v.email) throw new UsageError('--email is required');
        if (sub !== 'revoke' && v['no-redis']) throw new UsageError('--no-redis goes with revoke only');
        // Servers on PostgreSQL with Redis remember keys until Redis's key epoch changes (docs/deploy.md).
        if (sub === 'revoke' && io.env.SVC_DATABASE_URL && !io.env.SVC_REDIS_URL && !v['no-redis'])
            throw new UsageError(
                'with SVC_DATABASE_URL, set SVC_REDIS_URL as the servers have it: they cache keys and learn of revocations through Redis ' +
                    '(give --no-redis only if no server of this database runs with SVC_REDIS_URL)',
            );
        if (sub === 'create' && v.name === undefined) throw new UsageError('--name is required');
        let expiresDays: number | undefined;
        if (v['expires-days'] !== undefined) {
            if (!/^\d+$/.test(v['expires-days'])) throw new UsageError('--expires-days is a whole number of days, 1 to 365');
            expiresDays = Number(v['expires-days']);
        }
        const scopes =
            v.scopes === undefined
                ? undefined
                : v.scopes
                      .split(',')
                      .map((s) => s.trim())
                      .filter(Boolean);

        const store = await openDataStore(io);
        try {
            if (sub === 'create') {
                const created = await createKey(store, { email: v.email!, name: v.name!, scopes, expiresDays });
                io.stdout(
                    v.json
                        ? `${JSON.stringify(created)}\n`
                        : [
                              `key ${created.id} created; it is shown once, store it now:`,
                              created.key,
                              `scopes: ${created.scopes.join(', ')}; expires: ${created.expires_at ?? 'never'}`,
                              // SVC_DATA_DIR is relative to the folder the command runs in: say which server will know the key.
                              `in the data folder ${resolveDataDir(io.env, io.cwd)} (a server started with the same SVC_DATA_DIR accepts it)`,
                              '',
                          ].join('\n'),
                );
                return 0;
            }
            if (sub === 'list') {
                const keys = (await listKeys(store, v.email!)).map(listed);
                if (v.json) io.stdout(`${JSON.stringify(keys)}\n`);
                else for (const k of keys) io.stdout(`${keyLine(k)}\n`);
                return 0;
            }
            if (!(await revoke(store, rest[0]!))) {
                io.stderr(`svc keys: no active key with id ${rest[0]}\n`);
                return 1;
            }
            io.stdout(`revoked ${rest[0]}\n`);
            return 0;
        } catch (e) {
            if (e instanceof KeyRequestError) throw new UsageError(e.message);
            if (e instanceof UnknownAccountError) {
                io.stderr(`svc keys: ${e.message}\n`);
                return 1;
            }
            throw e;
        } finally {
            await store.close();
        }
    },
};

/**
 * A revocation; Redis out of reach is one line saying what to do (the store tells Redis before and
 * after). A key revoked already is announced to Redis again (unlike the panel's revocations), so
 * running the command again after that line finishes the job.
 */
async function revoke(store: Store, id: string): Promise<boolean> {
    try {
        return await store.revokeKey(id, { announceAgain: true });
    } catch (e) {
        if (!(e instanceof DependencyUnavailableError) || e.dependency !== 'redis') throw e;
        throw new CliError(
            `cannot reach Redis (SVC_REDIS_URL) to tell the servers of the revocation; run the command again once it answers (${e.message})`,
        );
    }
}
