// A word for a POSIX shell, for the commands the panel prints for an operator to copy (`svc accounts
// credit --email …`). An account's email may hold shell syntax (`x$(touch${IFS}/tmp/pwned)@…` is a
// valid sign-up), which pasted unquoted would run, so a word with anything but plain characters is
// single-quoted, each `'` written as `'\''`. An ordinary address is left as typed.
const PLAIN = /^[A-Za-z0-9@%+=:,./_-]+$/;

export function shellQuote(word: string): string {
    return PLAIN.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
