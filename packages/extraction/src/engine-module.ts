// The one place the engine's object graph is built from configuration (Langium-style modules,
// README.md, Layout): which reader (SVC_READER=heuristic|openai), its settings, the session secrets.
// Nothing else in the package reads the environment.
import type { ExtractionEngine } from './engine-types.js';
import { Engine } from './extraction-engine.js';
import { HeuristicReader } from './readers/heuristic-reader.js';
import { OpenAiReader, type OpenAiConfig } from './readers/openai-reader.js';
import type { Reader } from './readers/reader-types.js';
import { loadSecretRing, type SecretRing } from './session/secret-ring.js';

export type ReaderKind = 'heuristic' | 'openai';

export interface EngineConfig {
    reader: ReaderKind;
    openai?: OpenAiConfig;
    secrets: SecretRing;
    /** Windows read at once (default 1 for the heuristic reader, 4 for openai). */
    concurrency?: number;
}

export class EngineConfigError extends Error {}

/**
 * The longest timer Node keeps: a longer one fires after 1 ms (every reading would time out), and
 * past 2^32 AbortSignal.timeout throws. Larger values are refused at start rather than meant as
 * "no timeout" (the server's deadline bounds a reading anyway, docs/worker-pool.md).
 */
export const MAX_OPENAI_TIMEOUT_MS = 2_147_483_647;

/** SVC_OPENAI_TIMEOUT_MS: a whole number of milliseconds, 1 .. MAX_OPENAI_TIMEOUT_MS (default 60 s). */
function openAiTimeout(value: string | undefined): number {
    if (!value) return 60_000;
    const timeout = Number(value);
    if (!Number.isInteger(timeout) || timeout < 1 || timeout > MAX_OPENAI_TIMEOUT_MS)
        throw new EngineConfigError(
            `SVC_OPENAI_TIMEOUT_MS must be a whole number of milliseconds from 1 to ${MAX_OPENAI_TIMEOUT_MS}, not ${JSON.stringify(value)}`,
        );
    return timeout;
}

/** Reads the engine's configuration from the environment. */
export function engineConfigFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd(), secrets?: SecretRing): EngineConfig {
    const reader = (env.SVC_READER || 'heuristic') as ReaderKind;
    if (reader !== 'heuristic' && reader !== 'openai')
        throw new EngineConfigError(`SVC_READER must be heuristic or openai, not ${JSON.stringify(env.SVC_READER)}`);
    const config: EngineConfig = { reader, secrets: secrets ?? loadSecretRing(env, cwd) };
    if (reader === 'openai') {
        const timeout = openAiTimeout(env.SVC_OPENAI_TIMEOUT_MS);
        if (!env.SVC_OPENAI_MODEL) throw new EngineConfigError('SVC_READER=openai needs SVC_OPENAI_MODEL');
        config.openai = {
            baseUrl: env.SVC_OPENAI_BASE_URL || 'https://api.openai.com/v1',
            model: env.SVC_OPENAI_MODEL,
            apiKey: env.SVC_OPENAI_API_KEY || undefined,
            timeoutMs: timeout,
        };
    }
    return config;
}

export function createReader(config: EngineConfig): Reader {
    if (config.reader === 'openai') {
        if (!config.openai) throw new EngineConfigError('the openai reader needs its configuration');
        return new OpenAiReader(config.openai);
    }
    return new HeuristicReader();
}

/** Builds an engine from configuration (defaults: the environment). */
export function createEngine(config: EngineConfig = engineConfigFromEnv()): ExtractionEngine {
    const reader = createReader(config);
    return new Engine({ reader, secrets: config.secrets, concurrency: config.concurrency ?? (config.reader === 'openai' ? 4 : 1) });
}
