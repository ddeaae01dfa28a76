// Sessions and edit plans are signed with the ring's first secret and kept by clients, while the
// secret lives apart from the database (SVC_SESSION_SECRET, or the data folder's session-secret).
// A database restored without its secret, or a new instance with a fresh secret pointed at an old
// database, used to start silently and then refuse every earlier session's edit. So the database
// keeps a one-way fingerprint of every secret that signed with it, and a start whose ring knows
// none of them says so (a warning, and svc_session_secret_unknown 1). It never refuses to start:
// changing the secret on purpose must stay possible.
import { createHmac } from 'node:crypto';
import type { SecretRing } from '@svc/extraction';
import { DependencyUnavailableError } from '../deps/dependency-errors.js';
import type { RequestLog } from '../http/request-log.js';
import type { Store } from '../store/store-types.js';

const LABEL = 'svc session secret fingerprint';

/** HMAC-SHA-256 of a fixed label keyed by the secret, its first 16 bytes in hex: names a secret, reveals nothing of it. */
export function secretFingerprint(secret: string): string {
    return createHmac('sha256', secret).update(LABEL, 'utf8').digest().subarray(0, 16).toString('hex');
}

export type FingerprintStore = Pick<Store, 'sessionSecretFingerprints' | 'addSessionSecretFingerprint'>;

/**
 * False when the database holds fingerprints and no secret of the ring has one of them; then records
 * the signing secret's (every later start with it, or with it among the verifying ones, is quiet).
 */
export async function ringKnownToStore(store: FingerprintStore, ring: SecretRing): Promise<boolean> {
    const stored = new Set(await store.sessionSecretFingerprints());
    const known = stored.size === 0 || ring.all.some((s) => stored.has(secretFingerprint(s)));
    await store.addSessionSecretFingerprint(secretFingerprint(ring.current));
    return known;
}

export const SECRET_UNKNOWN_MESSAGE =
    'sessions signed before cannot be verified with the current session secret: none of its secrets has signed with this database; ' +
    'restore the session secret from the backup, or, if the secret was changed on purpose, add the old one after the new one in ' +
    'SVC_SESSION_SECRET (new,old) until earlier sessions are no longer needed';

export interface SecretCheckOptions {
    /** Where the ring comes from, for the warning (SVC_SESSION_SECRET or the secret file's path). */
    source: string;
    /** Told the outcome once the database answered (the metric). */
    onOutcome?: (unknown: boolean) => void;
    /** How long to wait before asking a database out of reach again. */
    retryMs?: number;
}

/** The check at start: once, or, while the database is out of reach (PostgreSQL down), again until it answers. */
export class SecretFingerprintCheck {
    private timer?: NodeJS.Timeout;
    private running = false;
    private reported = false;
    private stopped = false;

    constructor(
        private readonly store: FingerprintStore,
        private readonly ring: SecretRing,
        private readonly log: RequestLog,
        private readonly options: SecretCheckOptions,
    ) {}

    /** Never throws: a server started while its database is down must still start (pg-pool.ts). */
    async start(): Promise<void> {
        if (this.timer || (await this.attempt())) return;
        this.timer = setInterval(() => void this.retry(), this.options.retryMs ?? 30_000).unref();
    }

    stop(): void {
        this.stopped = true;
        clearInterval(this.timer);
    }

    private async retry(): Promise<void> {
        if (this.running) return;
        this.running = true;
        try {
            if (!this.stopped && (await this.attempt())) this.stop();
        } finally {
            this.running = false;
        }
    }

    private async attempt(): Promise<boolean> {
        try {
            const known = await ringKnownToStore(this.store, this.ring);
            if (!known) this.log.event('warn', SECRET_UNKNOWN_MESSAGE, { secret: this.options.source });
            this.options.onOutcome?.(!known);
            return true;
        } catch (e) {
            // Out of reach is said by /readyz and the requests' 503s; anything else once, here.
            if (!(e instanceof DependencyUnavailableError) && !this.reported && !this.stopped) {
                this.reported = true;
                this.log.event('error', 'could not compare the session secret with the database; will retry', {
                    error: (e instanceof Error ? e.message : String(e)).slice(0, 200),
                });
            }
            return false;
        }
    }
}
