// Session signing keys (docs/edits.md) behind one interface, so the HTTP server, the CLI and
// the edits share them: SVC_SESSION_SECRET holds comma-separated secrets, the first signs and all
// verify (keys rotate without breaking stored extractions); without it a random secret is created
// once in the data directory (file mode 0600) and reused by every later process. The shape matches
// the server's own SecretRing, so either can be passed.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SECRET_FILE = 'session-secret';

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

function dataDirSecret(dataDir: string): string {
    const file = join(dataDir, SECRET_FILE);
    mkdirSync(dataDir, { recursive: true });
    try {
        // 'wx' fails when the file exists: of two processes starting together one writes, both read.
        writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { flag: 'wx', mode: 0o600 });
    } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    for (let attempt = 0; ; attempt++) {
        const secret = readFileSync(file, 'utf8').trim();
        if (secret.length > 0) return secret;
        if (attempt > 50) throw new Error(`${file} is empty`);
        // The other process created the file but has not written it yet.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
}
