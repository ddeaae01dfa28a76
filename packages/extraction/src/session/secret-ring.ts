// Session signing keys (docs/edits.md) behind one interface, so the HTTP server, the CLI and
// the edits share them: SVC_SESSION_SECRET holds comma-separated secrets, the first signs and all
// verify (keys rotate without breaking stored extractions); without it a random secret is created
// once in the data directory (file mode 0600) and reused by every later process. The shape matches
// the server's own SecretRing, so either can be passed.
import { resolve } from 'node:path';
import { dataDirSecret } from './secret-file.js';

export { SECRET_FILE } from './secret-file.js';

export interface SecretRing {
    /** The secret that signs. */
    readonly current: string;
    /** Every secret that verifies, the signing one first. */
    readonly all: readonly string[];
}

export function secretRingOf(secrets: readonly string[]): SecretRing {
    if (secrets.length === 0) throw new Error('a secret ring needs at least one secret');
    return Object.freeze({ current: secrets[0]!, all: Object.freeze([...secrets]) });
}

/** The ring from SVC_SESSION_SECRET, else from the secret file in SVC_DATA_DIR (default ./data). */
export function loadSecretRing(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): SecretRing {
    const configured = (env.SVC_SESSION_SECRET ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    if (configured.length) return secretRingOf(configured);
    return secretRingOf([dataDirSecret(resolve(cwd, env.SVC_DATA_DIR || './data'))]);
}
