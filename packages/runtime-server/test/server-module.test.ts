import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/index.js';
import { SchemaCompiler } from '../src/engine/schema-compiler.js';
import { createServerServices } from '../src/server-module.js';

// The object graph is built with Langium's `inject`: one module of factories, any of which a caller
// may replace, every service built once and shared by those that need it.
describe('server module', () => {
    let dir: string;
    beforeEach(() => {
        dir = mkdtempSync(join(tmpdir(), 'svc-module-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    const config = () => loadConfig({ SVC_DATA_DIR: dir, PORT: '0', SVC_WORKERS: '0' }, process.cwd());

    it('builds every service once and hands the same instances to the services that use them', async () => {
        const s = createServerServices(config(), { engine: null, editor: null });
        expect((s.auth as unknown as { store: unknown }).store).to.equal(s.store);
        expect(s.engine).to.equal(undefined);
        expect(s.limiter).to.not.equal(undefined);
        await s.pipeline.close();
        await s.ledger.stop();
        await s.store.close();
    });

    it('lets a module replace one factory', async () => {
        const mine = new SchemaCompiler(3);
        const s = createServerServices(config(), { engine: null, editor: null }, { compiler: () => mine });
        expect(s.compiler).to.equal(mine);
        await s.pipeline.close();
        await s.ledger.stop();
        await s.store.close();
    });
});
