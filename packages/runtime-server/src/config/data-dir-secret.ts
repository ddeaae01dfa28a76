// The session secret in the data folder (@svc/extraction's secret-file.ts creates it whole or not at
// all), its empty file reported as a configuration error at start.
import { dataDirSecret as secretOfDataDir, EmptySecretError } from '@svc/extraction';
import { ConfigError } from './server-config.js';

/** The secret in `dataDir`, created when missing; a ConfigError for an empty file. */
export function dataDirSecret(dataDir: string): string {
    try {
        return secretOfDataDir(dataDir);
    } catch (e) {
        if (e instanceof EmptySecretError) throw new ConfigError(e.message);
        throw e;
    }
}
