// The one registry of diagnostic codes: severity, messages and explanation for each, as rustc's
// and TypeScript's (an example schema per code is in diagnostic-examples.ts). Codes are append-only: never renumber or reuse one. `svc explain`, the
// API, the CLI and the language server all render from here, and call sites pass only typed
// arguments: the prose of every message lives in diagnostic-codes.ts (docs/schema-language.md lists them).
import { CODES, type CodeInfo } from './diagnostic-codes.js';
import type { Diagnostic } from './diagnostic-types.js';

export { CODES, type CodeInfo };

export type DiagnosticCode = keyof typeof CODES;

/**
 * The endings of `{hint?}` and `{suggestion?}`: the habits of other languages, each answered with
 * this one's spelling (docs/schema-language.md, "Common mistakes"). Editors match on them for fixes.
 */
export const HINTS = {
    equality: '; did you mean "==" (equality)?',
    and: '; write "and" (not &&)',
    or: '; write "or" (not ||)',
    not: '; write "not" (not !)',
    singleQuotes: "; strings take single quotes: 'text'",
    jsonDoubleQuotes: '; JSON strings and keys take double quotes',
    jsonComments: '; JSON has no comments',
    jsonTypographic: '; typographic quotes: use a plain double quote (")',
    jsonUnquoted: '; keys and strings are written in double quotes',
} as const;

/** `; did you mean "x"?` */
export const didYouMeanHint = (word: string): string => `; did you mean "${word}"?`;

/**
 * `; write the date as date'2024-01-01'` for a date or datetime compared with a plain string that
 * is a valid literal of that kind; editors offer the rewrite as a quick fix when a message ends so.
 */
export const typedLiteralHint = (kind: string, text: string): string => `; write the ${kind} as ${kind}'${text}'`;

/**
 * How a literal is written, for a string that is none: suggesting `date'2024-02-30'` would only
 * trade E-TYPE for E-EXPR-LITERAL. The message ends with `)`, never with a literal, so an editor
 * matching typedLiteralHint's ending offers no rewrite for it.
 */
export const TYPED_LITERAL_FORMS: Readonly<Record<'date' | 'datetime', string>> = {
    date: "date'YYYY-MM-DD'",
    datetime: "datetime'YYYY-MM-DDTHH:MM:SSZ'",
};
export const typedLiteralFormHint = (kind: 'date' | 'datetime', text: string): string =>
    `; write the ${kind} as ${TYPED_LITERAL_FORMS[kind]} ('${text}' is not a valid ${kind})`;

/**
 * A long text given by its beginning and its length, so a message can quote it without the text
 * being built: `head` is the whole text when `length` is at most ARG_CHARS, else at least its first
 * ARG_CHARS characters (an applicable_when cycle through 10,000 fields, reported on each of them).
 */
export interface LongText {
    head: string;
    length: number;
}

type Arg = string | number | LongText;
/** The placeholders of a template as an object type: `{a}` required, `{b?}` optional. */
type Holes<T extends string> = T extends `${string}{${infer K}}${infer R}`
    ? (K extends `${infer O}?` ? { [P in O]?: Arg } : { [P in K]: Arg }) & Holes<R>
    : unknown;
type Forms<C extends DiagnosticCode> = (typeof CODES)[C]['messages'];
/** The arguments of one code: the form (left out for `main`) and that form's placeholders. */
export type MessageArgs<C extends DiagnosticCode> = {
    [F in keyof Forms<C> & string]: (F extends 'main' ? { form?: 'main' } : { form: F }) & Holes<Forms<C>[F] & string>;
}[keyof Forms<C> & string];
/** The argument list after the code: optional when the message has no required placeholder. */
export type ArgsParam<C extends DiagnosticCode> =
    Record<string, never> extends MessageArgs<C> ? [args?: MessageArgs<C>] : [args: MessageArgs<C>];
/** Arguments once their code's typing was checked at the call site (plumbing between stages). */
export type AnyArgs = { form?: string } & Record<string, Arg | undefined>;

/** A code with its typed arguments, as stages hand problems to the stage that reports them. */
export type Problem = { [C in DiagnosticCode]: { code: C; args: MessageArgs<C> } }[DiagnosticCode];

export function problem<C extends DiagnosticCode>(code: C, ...args: ArgsParam<C>): Problem {
    return { code, args: args[0] ?? {} } as Problem;
}

export function isKnownCode(code: string): code is DiagnosticCode {
    return Object.prototype.hasOwnProperty.call(CODES, code);
}

/** Every form's template of a code, `main` first. */
export function messageForms(code: DiagnosticCode): Array<[string, string]> {
    return Object.entries(CODES[code].messages as Record<string, string>);
}

/** Fills a form's template: `{name}` takes args.name; optional placeholders without an argument become empty. */
export function formatMessage<C extends DiagnosticCode>(code: C, ...args: ArgsParam<C>): string {
    return formatAny(code, (args[0] ?? {}) as AnyArgs);
}

export function formatAny(code: DiagnosticCode, args: AnyArgs): string {
    const messages = CODES[code].messages as Record<string, string>;
    const template = messages[args.form ?? 'main'] ?? Object.values(messages)[0]!;
    return template.replace(/\{([a-z]\w*)\??\}/g, (_, k: string) => (args[k] === undefined ? '' : clip(args[k]!)));
}

/** Characters of one argument a message quotes at most: a 2 MB number or a run of 16,000 "!" is cut. */
export const ARG_CHARS = 160;

function clip(arg: Arg): string {
    const s = typeof arg === 'object' ? arg.head : String(arg);
    const length = typeof arg === 'object' ? arg.length : s.length;
    if (length <= ARG_CHARS) return s;
    let cut = ARG_CHARS - 1;
    if (/[\uD800-\uDBFF]/.test(s[cut - 1]!)) cut--; // not between the halves of a pair
    return `${s.slice(0, cut)}… (${length} characters)`;
}

export function diagnostic<C extends DiagnosticCode>(code: C, pointer: string, args: MessageArgs<C>, span?: [number, number]): Diagnostic {
    return anyDiagnostic(code, pointer, args as AnyArgs, span);
}

export function anyDiagnostic(code: DiagnosticCode, pointer: string, args: AnyArgs, span?: [number, number]): Diagnostic {
    const d: Diagnostic = { code, message: formatAny(code, args), pointer };
    if (span) d.span = span;
    return d;
}
