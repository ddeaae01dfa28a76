// Account and key administration shared by the CLI (`svc accounts`, `svc keys`) and tests. It keeps
// the rules (name 1..64 characters, expiry 1..365 days, known scopes) in one place beside the store.
import { codePoints as codePointLength } from '@svc/compiler';
import type { Account, KeyRecord, Store } from '../store/store-types.js';
import { generateApiKey } from './api-key.js';
import { SCOPES, isScope, type Scope } from './scopes.js';

export const FREE_CREDIT_READS = 10;
/** Active (not revoked, not expired) keys an account may have: its keys are listed on one page. */
export const MAX_ACTIVE_KEYS = 100;
/**
 * Reads one payment or one `svc accounts credit` may add or take at most: balances then stay far
 * below 2^53, where numbers stop being exact (two payments of 2^53 − 1 reads summed wrongly).
 */
export const MAX_CREDIT_CHANGE = 1_000_000_000;
const DAY_MS = 86_400_000;

/** A request the rules refuse (the CLI exits 2). */
export class KeyRequestError extends Error {}
/** No account with that email (the CLI exits 1). */
export class UnknownAccountError extends Error {}

export interface CreateKeyInput {
    email: string;
    name: string;
    scopes?: readonly string[];
    expiresDays?: number;
}

export interface CreatedKey {
    id: string;
    /** The full key: shown once, never stored. */
    key: string;
    prefix: string;
    scopes: Scope[];
    expires_at: string | null;
}

/** An account; with `passwordHash` (a panel sign-up) the password is set in the same step, never after. */
export async function createAccount(store: Store, email: string, creditReads = FREE_CREDIT_READS, passwordHash?: string): Promise<Account> {
    if (!isEmailAddress(email)) throw new KeyRequestError(`not an email address: ${JSON.stringify(email)}`);
    return store.createAccount(email, creditReads, passwordHash);
}

/**
 * What accounts accept as an email: something@something, at most 254 characters, no white space and
 * no control character (NUL, a bell, DEL, C1 controls: PostgreSQL cannot even store NUL, and an
 * address is one line of every listing).
 */
export function isEmailAddress(email: string): boolean {
    return email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) && !/\p{Cc}/u.test(email);
}

export async function createKey(store: Store, input: CreateKeyInput, now = Date.now()): Promise<CreatedKey> {
    const n = codePointLength(input.name);
    if (n < 1 || n > 64) throw new KeyRequestError('a key name has 1 to 64 characters');
    // A name is one line of `svc keys list` and of the panel: no tab, line break or other control.
    if (/\p{Cc}/u.test(input.name)) throw new KeyRequestError('a key name has no tab, line break or other control character');
    const scopes = input.scopes === undefined ? [...SCOPES] : [...new Set(input.scopes)];
    if (scopes.length === 0) throw new KeyRequestError(`give at least one scope of ${SCOPES.join(', ')}`);
    for (const s of scopes)
        if (!isScope(s)) throw new KeyRequestError(`unknown scope ${JSON.stringify(s)}; scopes are ${SCOPES.join(', ')}`);
    const days = input.expiresDays;
    if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > 365)) throw new KeyRequestError('expiry is 1 to 365 days');
    const account = await store.findAccountByEmail(input.email);
    if (!account) throw new UnknownAccountError(`no account with email ${input.email}`);
    const generated = generateApiKey();
    const expiresAt = days === undefined ? null : new Date(now + days * DAY_MS).toISOString();
    const record = await store.createKey({
        accountId: account.id,
        name: input.name,
        prefix: generated.prefix,
        hash: generated.hash,
        scopes: scopes as Scope[],
        expiresAt,
        maxActive: MAX_ACTIVE_KEYS,
    });
    if (!record) throw new KeyRequestError(`an account has at most ${MAX_ACTIVE_KEYS} active keys; revoke one first`);
    return { id: record.id, key: generated.key, prefix: record.prefix, scopes: record.scopes as Scope[], expires_at: record.expiresAt };
}

export async function listKeys(store: Store, email: string): Promise<KeyRecord[]> {
    const account = await store.findAccountByEmail(email);
    if (!account) throw new UnknownAccountError(`no account with email ${email}`);
    return store.listKeys(account.id);
}
