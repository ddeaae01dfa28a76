// packages/runtime-server/src/store/panel-store-types.ts
// What the panel (browser accounts, sessions, usage, payments) needs from the store. Store extends it,
// so SQLite and PostgreSQL both implement it and one shared test suite covers both.
import type { Account } from './store-types.js';

export interface PanelSessionRecord {
    accountId: string;
    /** ISO times. */
    createdAt: string;
    lastSeenAt: string;
}

export interface PaymentResult {
    /** false for a replayed payment id (nothing credited). */
    credited: boolean;
    duplicate: boolean;
    /** The balance after crediting (present when credited). */
    creditReads?: number;
}

export interface DailyReads {
    /** UTC day, YYYY-MM-DD. */
    day: string;
    reads: number;
}

export interface PanelStore {
    /** Sets the password hash (an encoded scrypt string); false for an unknown email. */
    setPasswordHash(email: string, passwordHash: string): Promise<boolean>;
    /** The account and its password hash (null when none was set); undefined for an unknown email. */
    findLogin(email: string): Promise<{ account: Account; passwordHash: string | null } | undefined>;
    /** Sign-in failures: record one, count those at or after `since` (ISO time). */
    recordLoginFailure(accountId: string, at: string): Promise<void>;
    countLoginFailures(accountId: string, since: string): Promise<number>;
    /** Forgets one sign-in failure recorded at `at` (the attempt that turned out right). */
    forgetLoginFailure(accountId: string, at: string): Promise<void>;
    /** Browser sessions, stored by the SHA-256 of their random id only. */
    createPanelSession(hash: Buffer, accountId: string, at: string): Promise<void>;
    findPanelSession(hash: Buffer): Promise<PanelSessionRecord | undefined>;
    touchPanelSession(hash: Buffer, at: string): Promise<void>;
    deletePanelSession(hash: Buffer): Promise<void>;
    /** Reads charged to an account, added to the UTC day of `at`. */
    recordReads(accountId: string, reads: number, at: string): Promise<void>;
    /** Reads charged per UTC day from `sinceDay` (inclusive) on, ascending, days without reads omitted. */
    readsByDay(accountId: string, sinceDay: string): Promise<DailyReads[]>;
    /** Credits a payment exactly once per `paymentId` (atomic); undefined for an unknown email. */
    creditPayment(paymentId: string, email: string, reads: number, amountEur: string): Promise<PaymentResult | undefined>;
    /** Records when a key was last used (callers throttle this to about once a minute per key). */
    touchKey(id: string, at: string): Promise<void>;
}
// Also: KeyRecord gains `lastUsedAt: string | null`; Counters gains
//   peek(names: readonly string[]): Promise<number[]>   // current count of each named counter, 0 when absent
