import { expect } from 'chai';
import fastify from 'fastify';
import { V1Routes } from '../src/http/v1-dispatch.js';
import type { ServerServices } from '../src/server-module.js';

// A /v1 route is admitted only by its scope, so one registered without a scope must never start.
describe('/v1 route registration', () => {
    const services = {} as ServerServices; // the hooks under test never reach the services
    const mapper = (): never => {
        throw new Error('unused');
    };

    it('refuses a /v1 route registered without a scope', async () => {
        const app = fastify();
        app.register(async (v1) => {
            new V1Routes(services, mapper).install(v1);
            v1.post('/v1/unscoped', async () => ({ ok: true }));
        });
        let failure: unknown;
        try {
            await app.ready();
        } catch (e) {
            failure = e;
        }
        expect(String((failure as Error | undefined)?.message)).to.contain('without a scope');
        await app.close().catch(() => undefined);
    });

    it('accepts a /v1 route that names its scope', async () => {
        const app = fastify();
        app.register(async (v1) => {
            new V1Routes(services, mapper).install(v1);
            v1.post('/v1/scoped', { config: { scope: 'schemas:validate' } }, async () => ({ ok: true }));
        });
        await app.ready();
        expect(app.hasRoute({ method: 'POST', url: '/v1/scoped' })).to.equal(true);
        await app.close();
    });
});
