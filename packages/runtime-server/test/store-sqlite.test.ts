// The shared Store contract on SQLite: two connections to one file stand for the server and the CLI.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../src/index.js';
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
    return {
        open: async () => openSqliteStore(dir),
        openAnother: async () => openSqliteStore(dir),
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
});
