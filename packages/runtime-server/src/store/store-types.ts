// The persistence seam (README.md, Layout): accounts, keys and credit. SQLite implements it now and a
// PostgreSQL store can follow, so every method is asynchronous even where SQLite answers at once,
// and every operation that must be atomic (credit, revocation) is one method, not a read-then-write
// left to the caller.

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
}

export class AccountExistsError extends Error {}

export interface Store {
    createAccount(email: string, creditReads: number): Promise<Account>;
    findAccountByEmail(email: string): Promise<Account | undefined>;
    getAccount(id: string): Promise<Account | undefined>;
    /** Adds (or, with a negative number, removes down to 0) credit; undefined for an unknown email. */
    addCredit(email: string, reads: number): Promise<Account | undefined>;
    createKey(key: NewKey): Promise<KeyRecord>;
    listKeys(accountId: string): Promise<KeyRecord[]>;
    /** Marks a key revoked; false when no such (unrevoked) key exists. */
    revokeKey(id: string): Promise<boolean>;
    /** The key whose digest is `hash`, revoked or not (the caller decides). */
    findKeyByHash(hash: Buffer): Promise<KeyLookup | undefined>;
    /** Atomically takes `reads` from the account's credit if at least that much is left. */
    reserveCredit(accountId: string, reads: number): Promise<boolean>;
    /** Gives back reads taken by reserveCredit (a failed or cheaper extraction). */
    refundCredit(accountId: string, reads: number): Promise<void>;
    close(): Promise<void>;
}
