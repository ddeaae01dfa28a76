// Builds the extraction engine with @svc/extraction's own factory and configuration (SVC_READER and
// its settings), handing it the server's session secrets, and the edit service with
// @svc/extraction's `createEditService`. A module without that factory (a test's) gives no edit
// service, and edits answer 503 pipeline_unavailable.
import * as extraction from '@svc/extraction';
import {
    EngineConfigError,
    createEngine,
    engineConfigFromEnv,
    type EditServiceContext as ExtractionEditContext,
    type ExtractionEngine,
    type SecretRing,
} from '@svc/extraction';
import { ConfigError } from '../config/server-config.js';
import type { EditService } from './edit-types.js';

/** What `createEditService` receives (the server always passes every member). */
export type EditServiceContext = Required<Pick<ExtractionEditContext, 'secrets' | 'dataDir' | 'env'>> & { engine?: ExtractionEngine };

export function buildEngine(secrets: SecretRing, env: NodeJS.ProcessEnv, cwd: string): ExtractionEngine {
    try {
        return createEngine(engineConfigFromEnv(env, cwd, secrets));
    } catch (e) {
        // A misconfigured reader is an operator's mistake: refuse to start, do not serve 503s.
        if (e instanceof EngineConfigError) throw new ConfigError(e.message);
        throw e;
    }
}

export function loadEditService(
    context: EditServiceContext,
    module: Record<string, unknown> = extraction as Record<string, unknown>,
): EditService | undefined {
    const factory = module.createEditService;
    return typeof factory === 'function' ? (factory as (c: EditServiceContext) => EditService)(context) : undefined;
}
