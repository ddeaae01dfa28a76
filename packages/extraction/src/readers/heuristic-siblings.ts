// Sibling fields: two fields of one kind whose names differ in one word only (`current_lease_end`
// and `new_lease_end`, `old_rate` and `new_rate`). A label both share ("expires on", "through",
// "lease") speaks of the one whose word the sentence gives it: "Your current lease for Unit 5C
// expires on January 31, 2026" is no `new_lease_end`.
import type { CompiledField } from '@svc/compiler';
import type { LabelHit } from './heuristic-labels.js';
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import { qualifyingWord } from './heuristic-qualifiers.js';
import { labelWords, type WindowText } from './heuristic-text.js';
import { LABEL } from './heuristic-weights.js';

/** Per field, its word that tells it from its siblings and theirs. */
export type Siblings = ReadonlyMap<number, { own: string; others: ReadonlySet<string> }>;

/**
 * The fields that have siblings, with the words that tell them apart: one of the profile's
 * `earlierWords`, the other of its `laterWords` ("current" / "new", "oude" / "nieuwe"); other
 * pairs (`effective_date`, `expiration_date`) name different things, not two of one.
 */
export function siblingsOf(fields: readonly CompiledField[], locale: LocaleProfile): Siblings {
    const earlier = wordsOf(locale, 'earlierWords');
    const later = wordsOf(locale, 'laterWords');
    const types = wordsOf(locale, 'typeWords');
    const out = new Map<number, { own: string; others: Set<string> }>();
    const add = (id: number, own: string, other: string): void => {
        const entry = out.get(id);
        if (!entry) out.set(id, { own, others: new Set([other]) });
        else if (entry.own === own) entry.others.add(other);
    };
    const named = fields.map((f) => ({ f, words: labelWords(f.name) }));
    for (const a of named)
        for (const b of named) {
            if (a.f.type.kind !== b.f.type.kind || a.words.length !== b.words.length || a.words.length < 2) continue;
            const differ = a.words.flatMap((w, i) => (w !== b.words[i] ? [i] : []));
            if (differ.length !== 1) continue;
            const [x, y] = [a.words[differ[0]!]!, b.words[differ[0]!]!];
            // (Or two things of one kind the names' first words tell apart, the kind said in two
            // words or more not all of a value's type: `deposit_due_date`, `balance_due_date`.)
            const kinds = differ[0] === 0 && a.words.length >= 3 && a.words.slice(1).some((w) => !types.has(w));
            if ((earlier.has(x) && later.has(y)) || kinds) {
                add(a.f.id, x, y);
                add(b.f.id, y, x);
            }
        }
    // A field alone with such a word is told from what the other words qualify: "a rent of GBP 14,500
    // per annum (previous rent GBP 13,200)" gives `new_rent_pa` no second rent.
    // (Versions only: "het huidige tijdvak … loopt tot en met 15-04-2043" is `einde_tijdvak`'s.)
    const versions = wordsOf(locale, 'versionWords');
    for (const { f, words } of named) {
        if (out.has(f.id) || words.length < 2) continue;
        const own = words.find((w) => versions.has(w));
        if (own) out.set(f.id, { own, others: new Set([...(earlier.has(own) ? later : earlier)].filter((w) => versions.has(w))) });
    }
    return out;
}

/** Characters before a label read for its sentence's words. */
const SENTENCE_BEFORE = 60;

/**
 * Whether a label hit's sentence, before it, gives it a sibling's word and not the field's own
 * (nor does the label itself say the field's own word).
 */
export function siblingSpeaks(win: WindowText, hit: LabelHit, siblings: Siblings): boolean {
    const sib = siblings.get(hit.field);
    if (!sib || hit.phrase.split(' ').includes(sib.own)) return false;
    const words = clauseBefore(win, hit);
    return !words.includes(sib.own) && words.some((w) => sib.others.has(w));
}

/** The words of a label hit's clause before it, in lower case (within SENTENCE_BEFORE characters). */
function clauseBefore(win: WindowText, hit: LabelHit): readonly string[] {
    let before = win.text.slice(Math.max(0, hit.start - SENTENCE_BEFORE), hit.start);
    const end = before.search(/[.!?;:]\s[^.!?;:]*$/u);
    if (end >= 0) before = before.slice(end + 1);
    // (Nor a line above that is no prose running on: "Mobile   07700 900123" over "Phone   01904 612 330".)
    const nl = before.lastIndexOf('\n');
    if (nl >= 0 && !win.wrapped(hit.line - 1)) before = before.slice(nl + 1);
    // (Its clause: "the original lease is extended and the lease expires on …" gives the lease no word.)
    const clause = /(?:,\s|\s(?:and|but|whereas|en|maar)\s)(?:(?!,\s|\s(?:and|but|whereas|en|maar)\s).)*$/u.exec(before);
    if (clause) before = before.slice(clause.index);
    return before.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** Words that make the word after them its opposite in a field's name ("non_contestable", "niet_gebruikers"). */
const NEGATIONS: ReadonlySet<string> = new Set(['non', 'niet']);

/**
 * Whether a label hit speaks of the word a field's name negates: "Contestable works" is no
 * `non_contestable_charge`'s label ("Non-contestable works" is). `name`: the words of the hit's
 * field's name. (Not the other way: a negated label left to a plain field, "(non-package) price
 * of 40 hours", moved the ranker's choice among that field's other labels in `eleventh/`.)
 */
export function negationDiffers(win: WindowText, hit: LabelHit, name: readonly string[]): boolean {
    // (A name's labels only: a hint is the user's own, "Benefits not taxable" for `non_taxable_benefits`.)
    if (hit.kind !== 'name' && hit.kind !== 'name-word') return false;
    const k = name.findIndex((w, i) => NEGATIONS.has(w) && i + 1 < name.length);
    if (k < 0) return false;
    const said = hit.phrase.split(' ');
    return (
        said.includes(name[k + 1]!) &&
        !said.includes(name[k]!) &&
        !NEGATED_BEFORE.test(win.text.slice(Math.max(0, hit.start - 5), hit.start))
    );
}
/** A negation glued to a label by a hyphen or a space, right before it. */
const NEGATED_BEFORE = /(?:^|[^\p{L}])(?:non|niet)[-\s]$/iu;

/** Words that make a label speak of another occurrence of its thing ("next meeting", "vorige meting"). */
const OTHER_OCCURRENCE: ReadonlySet<string> = new Set(['next', 'previous', 'prior', 'volgende', 'vorige', 'vorig']);

/**
 * Whether the word right before a label says it is another occurrence of the field's thing, a word
 * the field's name does not have: "DATE OF NEXT MEETING" is no `meeting_date`'s label.
 */
export function otherOccurrence(win: WindowText, hit: LabelHit, name: readonly string[]): boolean {
    const previous = win.words[win.wordAt(hit.start) - 1];
    if (!previous || previous.line !== hit.line || !/^[ \t]+$/.test(win.text.slice(previous.end, hit.start))) return false;
    return OTHER_OCCURRENCE.has(previous.norm) && !name.includes(previous.norm);
}

/**
 * Per field, the words its description sets apart after ", not" or "(not" ("Expiry of the
 * certificate itself, not the passport", "Date the roof was inspected (not the report date)"):
 * content words, not the type's, the stop list's, or the field's own name's and hints'.
 */
export function excludedWords(fields: readonly CompiledField[], locale: LocaleProfile): ReadonlyMap<number, ReadonlySet<string>> {
    const out = new Map<number, ReadonlySet<string>>();
    const skip = new Set([...wordsOf(locale, 'stopwords'), ...wordsOf(locale, 'typeWords')]);
    for (const f of fields) {
        if (!f.description) continue;
        const own = new Set([...labelWords(f.name), ...f.hints.flatMap((h) => labelWords(h))]);
        const words = [...f.description.matchAll(SET_APART)].flatMap((m) => labelWords(m[1]!));
        const kept = words.filter((w) => w.length > 3 && !skip.has(w) && !own.has(w));
        if (kept.length) out.set(f.id, new Set(kept.map(root)));
    }
    return out;
}
/** ", not the …", "(not a …)", Dutch ", niet de …": what a description sets apart, to its clause's end. */
// (An article after "not": "not necessarily the main driver", "not including delivery" set nothing apart.)
export const SET_APART = /(?:[,(;]|\s[-–])\s*(?:but\s+|maar\s+)?(?:not|niet)\s+((?:the|a|an|any|de|het|een)\s[^,.;()]+)/giu;

/**
 * Whether a label hit's line says a word its field's description sets apart, before it on its line
 * ("Passport number … GF418273   Expiry") or in its own cell after it ("Expiry (passport):"); not in
 * the value's aside ("Guaranteed nos.:  84 (expected 90 …)").
 */
export function setApart(win: WindowText, hit: LabelHit, excluded: ReadonlyMap<number, ReadonlySet<string>>): boolean {
    const words = excluded.get(hit.field);
    if (!words) return false;
    const line = win.lines[hit.line]!;
    const after = win.text.slice(hit.end, Math.min(Math.max(line.end, hit.end), hit.end + APART_AFTER));
    const cell = after.slice(0, after.search(/[:\d]|\s{2}|\.{3}|$/u));
    let before = win.text.slice(Math.max(line.start, hit.start - APART_BEFORE), hit.start);
    // (A form's label with its colon is a cell of its own: another cell's words are another label's,
    // "Date of signing: 01/02/2025      Start date:"; a bare "Date:" takes its row's, "Signed: …   Date:",
    // and a label without its colon its row's, "Passport number … GF418273   Expiry 11/06/2031".)
    const gap = Math.max(before.lastIndexOf('   '), before.lastIndexOf('\t'));
    if (gap >= 0 && /^[ \t]*:/.test(after) && !wordsOf(win.locale, 'typeWords').has(hit.phrase)) before = before.slice(gap);
    const near = before + win.text.slice(hit.start, hit.end) + cell;
    return (near.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => words.has(root(w)));
}
/** A word without an English or Dutch ending of its forms ("signing", "signed": "sign"), four letters kept at least. */
export function root(w: string): string {
    const m = /^(\p{L}{4,}?)(?:ing|ed|es|s|en|e)$/u.exec(w);
    return m ? m[1]! : w;
}

/** Characters read before and after a label hit for a word its description sets apart. */
const APART_BEFORE = 64;
const APART_AFTER = 24;

/**
 * A field's name label with another word before it in its cell ("Asst. site manager:") names
 * another of its kind where the same label stands plain in a cell of its own on its line ("Site
 * manager:   Gareth Mulholland        Asst. site manager:   Dean Fairbairn"): the qualified one counts less.
 */
export function yieldToPlain(win: WindowText, hits: readonly LabelHit[]): void {
    const named = hits.filter((h) => h.kind === 'name');
    if (named.length < 2) return;
    const qualified = new Map(named.map((h) => [h, qualifyingWord(win, cellBefore(win, h))] as const));
    // (The lines where each label stands plain, once: a hit asks a set, not every other hit.)
    const plain = new Set(named.filter((h) => !qualified.get(h)).map((h) => `${h.line}\u0000${h.phrase}`));
    for (const h of named) if (qualified.get(h) && plain.has(`${h.line}\u0000${h.phrase}`)) h.weight *= LABEL.qualifiedByWord;
}

/** The text of a label's cell before it: after a gap, a tab, a colon or a bar, within 64 characters. */
function cellBefore(win: WindowText, hit: LabelHit): string {
    const line = win.lines[hit.line]!;
    return win.text
        .slice(Math.max(line.start, hit.start - 64), hit.start)
        .split(/ {2,}|\t|[:|]/)
        .pop()!;
}
