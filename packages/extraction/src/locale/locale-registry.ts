// The document languages the service reads: one profile each (en.ts, nl.ts). `Language`, the CLI's
// --language, the request schemas and the OpenAPI document all derive from this list, so a new
// language is one new profile listed here (or, for an embedder, added through registerLocale).
import { en } from './en.js';
import type { LocaleProfile } from './locale-types.js';
import { nl } from './nl.js';

const BUILT_IN = [en, nl] as const;

/** A document language: the code of a built-in profile. */
export type Language = (typeof BUILT_IN)[number]['code'];

const profiles = new Map<string, LocaleProfile>(BUILT_IN.map((p) => [p.code, p]));
const BUILT_IN_CODES: ReadonlySet<string> = new Set(BUILT_IN.map((p) => p.code));

export class UnknownLanguageError extends Error {}

/** Codes of the registered languages, in registration order. */
export function languages(): string[] {
    return [...profiles.keys()];
}

export function isLanguage(code: unknown): code is Language {
    return typeof code === 'string' && profiles.has(code);
}

/** The profile of a language; throws UnknownLanguageError for an unregistered code. */
export function localeOf(language: string): LocaleProfile {
    const p = profiles.get(language);
    if (!p) throw new UnknownLanguageError(`no locale profile for language ${JSON.stringify(language)}`);
    return p;
}

/** A profile with the profiles it borrows dates from (nl quotes English dates), itself first. */
export function withBorrowed(profile: LocaleProfile): LocaleProfile[] {
    return [profile, ...profile.borrows.flatMap((code) => (profiles.has(code) ? [profiles.get(code)!] : []))];
}

/**
 * Adds a language (an embedder's, or a test's toy one). Its code then passes request validation,
 * the CLI and the OpenAPI document built after it, and every parser and recogniser reads with it.
 */
export function registerLocale(profile: LocaleProfile): void {
    if (!/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(profile.code))
        throw new Error(`a language code is a BCP 47 tag, not ${JSON.stringify(profile.code)}`);
    profiles.set(profile.code, profile);
}

/** Removes a language added with registerLocale (a test's toy one); the built-in profiles stay. */
export function unregisterLocale(code: string): boolean {
    if (BUILT_IN_CODES.has(code)) return false;
    return profiles.delete(code);
}
