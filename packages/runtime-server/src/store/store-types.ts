// The persistence seam (README.md, Layout): accounts, keys and credit. SQLite implements it now and a
// PostgreSQL store can follow, so every method is asynchronous even where SQLite answers at once,
// and every operation that must be atomic (credit, revocation) is one method, not a read-then-write
// left to the caller.
import type { PanelStore } from './panel-store-types.js';

export interface Account {
    id: string;
    email: string;
    creditReads: number;
    createdAt: string;
}

export interface KeyRecord {
    id: string;
    accountId: string;
    name: string;
    /** The first 12 characters of the key, shown in listings and logs. */
    prefix: string;
    scopes: string[];
    createdAt: string;
    /** ISO time, or null for never. */
    expiresAt: string | null;
    revokedAt: string | null;
    /** ISO time of the last authenticated request (updated about once a minute), or null for never. */
    lastUsedAt: string | null;
}

/** A key as authentication needs it: the record plus its stored SHA-256 digest. */
export interface KeyLookup extends KeyRecord {
    hash: Buffer;
}

export interface NewKey {
    accountId: string;
    name: string;
    prefix: string;
    hash: Buffer;
    scopes: string[];
    expiresAt: string | null;
    /** Refuse (createKey answers undefined) when the account already has this many active keys. */
    maxActive?: number;
}

export class AccountExistsError extends Error {}

/** Credit held by one extraction while it reads (docs/deploy.md, "Credit reservations"). */
export interface NewReservation {
    id: string;
    accountId: string;
    reads: number;
    /** The server instance holding it; its heartbeat keeps the reservation alive. */
    instanceId: string;
}

/** What one settleReservation did. */
export interface Settlement {
    /** Reads charged by this call (0 when an earlier call, or nobody, charged them). */
    charged: number;
    /** False when a concurrent change to the reservation was seen: send the settlement again later. */
    done: boolean;
}

export interface RevokeOptions {
    /**
     * Replace the key epoch for a key revoked already too (`svc keys revoke` only, run again after a
     * revocation whose last epoch change failed). Never for a tenant's request: each change empties
     * every instance's key cache.
     */
    announceAgain?: boolean;
}

export interface Store extends PanelStore {
    /** Creates an account, with its panel password's hash when given, in one atomic step. */
    createAccount(email: string, creditReads: number, passwordHash?: string): Promise<Account>;
    findAccountByEmail(email: string): Promise<Account | undefined>;
    getAccount(id: string): Promise<Account | undefined>;
    /** Adds (or, with a negative number, removes down to 0) credit; undefined for an unknown email. */
    addCredit(email: string, reads: number): Promise<Account | undefined>;
    /**
     * Reads held by the account's open reservations (extractions reading now): not in its credit,
     * and given back to it when such an extraction fails or reads less (`svc accounts show`).
     */
    heldReads(accountId: string): Promise<number>;
    /**
     * Stores a key; undefined when the account already has `key.maxActive` active keys (not revoked,
     * not expired), counted and inserted atomically so keys created at once cannot pass the limit.
     */
    createKey(key: NewKey): Promise<KeyRecord | undefined>;
    /** Every key of the account, oldest first (the CLI's `svc keys list`). */
    listKeys(accountId: string): Promise<KeyRecord[]>;
    /** The unrevoked keys not expired at `at` (ISO time), oldest first: with `at` now, the active ones (at most 100). */
    listActiveKeys(accountId: string, at: string): Promise<KeyRecord[]>;
    /**
     * The keys page's rows, oldest first: every key active at `at` (ISO time) and the `inactiveLimit`
     * latest revoked or expired ones, with how many older revoked or expired keys were left out.
     */
    listKeysForPanel(accountId: string, at: string, inactiveLimit: number): Promise<{ keys: KeyRecord[]; olderInactive: number }>;
    /** The key `id` when it is the account's (revoked or not); undefined otherwise. */
    getKey(accountId: string, id: string): Promise<KeyRecord | undefined>;
    /**
     * Marks a key revoked; false when no such (unrevoked) key exists. On PostgreSQL it also replaces
     * the key epoch that instances' key caches check (docs/deploy.md, "Revocation"), only when the key
     * was unrevoked (unless `options.announceAgain`): any future change to what authentication reads
     * (scopes, deletion, suspension of an account) must do the same.
     */
    revokeKey(id: string, options?: RevokeOptions): Promise<boolean>;
    /** The key whose digest is `hash`, revoked or not (the caller decides). */
    findKeyByHash(hash: Buffer): Promise<KeyLookup | undefined>;
    /** Atomically takes `reads` from the account's credit if at least that much is left. */
    reserveCredit(accountId: string, reads: number): Promise<boolean>;
    /** Gives back reads taken by reserveCredit (a failed or cheaper extraction). */
    refundCredit(accountId: string, reads: number): Promise<void>;
    /** Takes the reads and records the reservation in one atomic step; false when the credit is short. */
    openReservation(r: NewReservation): Promise<boolean>;
    /**
     * Ends a reservation: keeps `usedReads` (at most the reads held), refunds the rest and adds the used
     * reads to the day of `at`, atomically. Idempotent, so a settlement whose answer was lost (it
     * committed, the client timed out) can be sent again: a reservation that reconciliation refunded
     * meanwhile is charged `usedReads` again once (if the credit is there, else the reads are free),
     * and one already settled or unknown charges nothing.
     */
    settleReservation(r: { id: string; accountId: string }, usedReads: number, at: string): Promise<Settlement>;
    /**
     * Marks an instance alive now, and renews (opened_at = now) the open reservations among `holding`
     * that are this instance's, in one atomic step: reconciliation's `maxHoldMs` counts from a
     * reservation's last renewal, so one its instance still holds is never refunded while that
     * instance is alive. "Now" is always the database's clock (PostgreSQL's now(); SQLite, one
     * process per file, the process's): heartbeats, reservation times and the cut-offs of
     * reconcileReservations are compared on one clock, whatever the instances' own clocks say.
     */
    heartbeat(instanceId: string, holding?: readonly string[]): Promise<void>;
    /** Forgets an instance that stops cleanly. */
    retireInstance(instanceId: string): Promise<void>;
    /**
     * Refunds every open reservation whose instance was last seen more than `deadAfterMs` ago (or
     * never), or that was opened or last renewed more than `maxHoldMs` ago (the database's clock), exactly once even
     * when instances reconcile concurrently; answers how many were refunded.
     */
    reconcileReservations(deadAfterMs: number, maxHoldMs: number): Promise<number>;
    /** The fingerprints of every secret that signed sessions with this database (config/secret-fingerprint.ts). */
    sessionSecretFingerprints(): Promise<string[]>;
    /** Records a signing secret's fingerprint; one already there is left as it is (instances starting together). */
    addSessionSecretFingerprint(fingerprint: string): Promise<void>;
    /** Resolves when the database answers and may be written (readiness); throws DependencyUnavailableError otherwise. */
    ping(): Promise<void>;
    close(): Promise<void>;
}
