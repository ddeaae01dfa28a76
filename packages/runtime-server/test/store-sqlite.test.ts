// The shared Store contract on SQLite: two connections to one file stand for the server and the CLI.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SQLITE_FILE, openSqliteStore } from '../src/index.js';
import { reservationContract } from './shared/reservation-contract.js';
import { storeContract } from './shared/store-contract.js';

storeContract('SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-store-contract-'));
    return {
        open: async () => openSqliteStore(dir),
        openAnother: async () => openSqliteStore(dir),
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
});

reservationContract('SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-res-contract-'));
    let db: Database.Database | undefined;
    return {
        open: async () => openSqliteStore(dir),
        openAnother: async () => openSqliteStore(dir),
        cleanup: async () => {
            db?.close();
            rmSync(dir, { recursive: true, force: true });
        },
        async age(what, id, ms) {
            db ??= new Database(join(dir, SQLITE_FILE));
            const [table, column] = what === 'instance' ? ['svc_instances', 'seen_at'] : ['credit_reservations', 'opened_at'];
            const at = db.prepare(`SELECT ${column} FROM ${table} WHERE id = ?`).pluck().get(id) as string;
            db.prepare(`UPDATE ${table} SET ${column} = ? WHERE id = ?`).run(new Date(Date.parse(at) - ms).toISOString(), id);
        },
    };
});
