// POST /v1/schemas/validate (interface 4.1): compile and report, extract nothing.
import type { FastifyInstance } from 'fastify';
import type { ServerServices } from '../server-module.js';
import { checkAndCompile } from './route-support.js';

export function registerValidateRoute(app: FastifyInstance, services: ServerServices): void {
    app.post('/v1/schemas/validate', { config: { scope: 'schemas:validate' } }, async (request) => {
        const { compiled } = checkAndCompile(services, 'validate', request.body);
        return { schema_hash: compiled.schemaHash, warnings: compiled.warnings };
    });
}
