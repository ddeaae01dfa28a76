// Request decorations and route configuration shared by the HTTP plugins.
import type { Principal } from '../auth/key-auth.js';
import type { Scope } from '../auth/scopes.js';

declare module 'fastify' {
    interface FastifyRequest {
        /** Set by authentication on /v1 routes. */
        principal: Principal | null;
    }
    interface FastifyContextConfig {
        /** The scope a /v1 route needs. */
        scope?: Scope;
        /** The route applies the per-IP limit itself, after authentication (POST /mcp). */
        countsIp?: boolean;
    }
}

export {};
