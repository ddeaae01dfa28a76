// Where a document dates itself: the dates at its head and foot, the latest of them and the one in
// its closing lines (the document's own date features of the ranker), and when a date field gives
// them up — a hint that labels a date on a short form, a date another label names.
import type { CompiledField } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import type { ParsedValue } from '../parsers/quote-parser.js';
import type { ContextScore } from './heuristic-scoring.js';
import type { Span } from './heuristic-spans.js';
import { labelWords, type WindowText } from './heuristic-text.js';
import { ADJUST, ZONES } from './heuristic-weights.js';
import type { ReaderInput } from './reader-types.js';

/**
 * A hint or the field's whole name labels a date ("Requested pickup date: 06/09/2025", "Outbound   Sat 14 June 2025") in a
 * short document (a form, an estimate, a booking, a letter): that says more than any date's place, so the document's own date (its
 * signature's) is not the field's. Long documents keep the zones, where the ranker learnt them.
 */
export function labelledOutright(
    input: ReaderInput,
    contexts: readonly ContextScore[],
    parsed: readonly (ParsedValue | undefined)[],
    field: CompiledField,
    locale: LocaleProfile,
): boolean {
    if (input.documentLength > ZONES.shortForm) return false;
    // So does the field's whole name, unless it is only the word "date" ("Besteldatum: 09-10-2025"
    // under an e-mail's "Datum:").
    const types = wordsOf(locale, 'typeWords');
    const byName = !labelWords(field.name).every((w) => types.has(w));
    return contexts.some(
        (c, i) => parsed[i] !== undefined && (c.hit?.kind === 'hint' || (byName && c.hit?.kind === 'name')) && c.score >= ADJUST.exactLabel,
    );
}

/** The label before a date on its line ("gepland:", "Next service due:"), if it names no date of the document's own. */
function namedOther(win: WindowText, s: Span): boolean {
    const line = win.lines[win.lineOf(s.start)]!;
    const before = win.text.slice(Math.max(line.start, s.start - OTHER_LABEL_CHARS), s.start);
    const m = /(\p{L}[\p{L}\p{N} ()'’./-]{0,40}):[^\S\n]*$/u.exec(before);
    // (The label's last word says which date: "Date received:" dates the office's receipt, "Plaats en datum:" the document.)
    return !!m && !OWN_DATE_WORDS.has(labelWords(m[1]!).at(-1) ?? '');
}

const OTHER_LABEL_CHARS = 60;

/** A deadline's word just before a date ("due within 15 days (by March 29, 2025)", "uiterlijk 1 mei"): a date something must happen by. */
function deadline(win: WindowText, s: Span): boolean {
    // (Running text may break its line between: "… due within seven days of the sale, by\nFebruary 22".)
    const before = win.text.slice(Math.max(0, s.start - DEADLINE_CHARS), s.start);
    const m = /(\p{L}+)[^\S\n]*\(?\n?[^\S\n]*$/u.exec(before);
    return !!m && wordsOf(win.locale, 'deadlineNameWords').has(m[1]!.toLowerCase());
}
const DEADLINE_CHARS = 24;
/** Words of a label of the document's own date: "Date:", "Datum:", "Plaats en datum:", "Signed:". */
const OWN_DATE_WORDS = new Set([
    'date',
    'dated',
    'datum',
    'signed',
    'issued',
    'getekend',
    'ondertekend',
    'dd',
    'd',
    'issue',
    'signature',
    'letter',
    'ondertekening',
]);

/**
 * Of the dates at the head or foot of a document, the latest is most often the document's own (a
 * decision quotes the earlier decisions in its heading; a signature line dates the whole); the
 * last date in the closing lines ("uitgesproken op ...", a signature's date) dates it too.
 */
export function dateZones(
    input: ReaderInput,
    win: WindowText,
    found: Span[],
    parsed: (ParsedValue | undefined)[],
): { latest?: string; closing?: Span; single: boolean; atEdge(s: Span): boolean } {
    const n = input.documentLength;
    const atEdge = (s: Span): boolean => {
        const at = input.offset + s.start;
        return at < Math.max(ZONES.head, ZONES.headShare * n) || at > Math.min(n - ZONES.foot, ZONES.footShare * n);
    };
    // A date another label names ("Jaarlijkse vaccinatie gepland: 14 september 2025", "Next
    // inspection: …") is that thing's, not the document's own, wherever it stands.
    const own = (s: Span): boolean => !win.isFurniture(win.lineOf(s.start)) && !namedOther(win, s);
    let latest: string | undefined;
    for (let i = 0; i < found.length; i++) {
        const p = parsed[i];
        if (p && atEdge(found[i]!) && own(found[i]!) && (latest === undefined || p.key > latest)) latest = p.key;
    }
    // The closing lines' date is a signature's, not one something must happen by ("due within 15
    // days (by March 29, 2025)."); the edges' latest keeps such dates, where the ranker learnt them.
    let closing: Span | undefined;
    if (input.offset + input.text.length >= n) {
        for (let i = found.length - 1; i >= 0 && !closing; i--)
            if (parsed[i] && own(found[i]!) && !deadline(win, found[i]!)) closing = found[i];
        if (closing && input.offset + closing.start < n - ZONES.closing) closing = undefined;
    }
    const values = new Set(parsed.map((v) => v?.key).filter((k) => k !== undefined));
    return { latest, closing, single: values.size <= 1, atEdge };
}
