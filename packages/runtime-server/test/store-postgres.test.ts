// The shared Store contract on PostgreSQL: a real server (test/support/pg-server.ts), two pools on one
// database standing for two instances.
import { openPgStore } from '../src/index.js';
import { storeContract } from './shared/store-contract.js';
import { sharedPg } from './support/pg-server.js';

storeContract('PostgreSQL', async () => {
    const pg = await sharedPg();
    if (!pg) return undefined;
    const url = await pg.createDatabase();
    return { open: async () => openPgStore(url), openAnother: async () => openPgStore(url), cleanup: async () => {} };
});
