// Where a field's labels occur in a window. A field's labels are its hints (what the schema author
// says the document writes), its name's words, and the content words of its description, strongest
// first. Matching is by words, case-insensitive; a hint also matches with its words reordered
// ("Total Rounded" for "Rounded Total") or, for hints of four words or more, with one inner word
// replaced ("laws of the Commonwealth of" for "laws of the State of"). Where labels overlap, the
// longer one wins for every field: "Effective Date" is not the label "Date".
import type { CompiledField } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import { noCompounds } from '../locale/locale-stemming.js';
import { wordsOf } from '../locale/locale-words.js';
import { scalarType } from '../response/value-format.js';
import { labelWords, type WindowText } from './heuristic-text.js';
import { numberTail } from './heuristic-label-line.js';
import { abbreviatedFirst, abbreviates, hyphenJoined, pluralOrSame, runsOn, sameWord, wordPositions } from './heuristic-label-words.js';
import { documentDate } from './heuristic-terms.js';
import { describedWords, yieldToDescribed } from './heuristic-described.js';
import {
    excludedWords,
    negationDiffers,
    otherOccurrence,
    setApart,
    siblingSpeaks,
    siblingsOf,
    yieldToPlain,
} from './heuristic-siblings.js';
import { headedByOther, towardsHeads } from './heuristic-label-cells.js';
import { uncovered } from './heuristic-label-covers.js';

export { uncovered };
import { countedApart, foreignHead, kindOfLabel, MIN_COMPOUND_TAIL, otherSection, taxAfter, yieldToHead } from './heuristic-qualifiers.js';
import { asksForTax } from './heuristic-totals.js';
import { otherColumn } from './heuristic-form-columns.js';
import { LABEL } from './heuristic-weights.js';
import {
    capitalsOf,
    dateLabelWeight,
    formNames,
    joinOwnWords,
    markedPart,
    nameParts,
    possessorFree,
    sumFirst,
    translatedName,
} from './heuristic-label-forms.js';

export interface LabelPhrase {
    words: readonly string[];
    /** The hint as the schema writes it (hints only). */
    source?: string;
    weight: number;
    kind: 'hint' | 'name' | 'name-word' | 'description';
    /** A name's initials ("DOB" for `date_of_birth`): a label only in capitals. */
    initials?: boolean;
}

export interface LabelHit {
    field: number;
    start: number;
    end: number;
    line: number;
    weight: number;
    /** Number of words matched (longer labels win overlaps). */
    length: number;
    kind: LabelPhrase['kind'];
    /** The phrase's words joined: identifies the label across its occurrences. */
    phrase: string;
    /** The hint as the schema writes it (hints only). */
    source?: string;
    /** Matched as the last part of a compound word ("Vervaldatum" for "datum"). */
    compound?: boolean;
    /** Two labels set apart by a slash ("FLIGHT / DATE"): it covers no other field's label in it. */
    slashed?: boolean;
}

/** Words that are no label by themselves, beside the language's stopwords. */
const NOT_LABELS = ['needed', 'name', 'names'];

/**
 * A name's word "pay" before "by" asks as "due" does (`discount_pay_by_date`); another word before a
 * last "by" as a deadline does (`accept_by`, `respond_by`: "no later than 31 December 2025"); any
 * other word as itself.
 */
function payBy(name: readonly string[], w: string): string {
    const by = name[name.indexOf(w) + 1] === 'by';
    return by && w === 'pay' ? 'due' : by && name.at(-1) === 'by' && name.length === 2 ? 'deadline' : w;
}

/**
 * The labels of a document's own date, but one whose word another field's name says: "date of issue"
 * is `issue_date`'s beside `invoice_date`. `shared`: the other fields' name words.
 */
function ownDateLabels(locale: LocaleProfile, shared: ReadonlySet<string>, skip: { has(w: string): boolean }): (readonly string[])[] {
    const types = wordsOf(locale, 'typeWords');
    return (locale.ownDateLabels ?? [])
        .map(labelWords)
        .filter((words) => !words.some((w) => shared.has(w) && !types.has(w) && !skip.has(w)));
}

/**
 * The label phrases of a field, each once, strongest weight kept. `shared`: the words of the other
 * fields' names in the schema.
 */
export function labelPhrases(field: CompiledField, locale: LocaleProfile, shared: ReadonlySet<string> = new Set()): LabelPhrase[] {
    const stop = wordsOf(locale, 'stopwords');
    const STOPWORDS = { has: (w: string): boolean => stop.has(w) || NOT_LABELS.includes(w) };
    const types = wordsOf(locale, 'typeWords');
    const unhinted = field.hints.length === 0;
    const dated = unhinted && ['date', 'datetime'].includes(scalarType(field.type).kind);
    // A bare "Date:" dates the document: it labels no other date (a due date, a lease's start).
    const otherDate = dated && !documentDate(field, locale);
    const out = new Map<string, LabelPhrase>();
    const add = (words: readonly string[], weight: number, kind: LabelPhrase['kind'], source?: string): void => {
        if (words.length === 0) return;
        const key = words.join(' ');
        const seen = out.get(key);
        if (!seen || seen.weight < weight) out.set(key, { words, weight, kind, source });
    };
    for (const h of field.hints) {
        const w = labelWords(h);
        const weight = w.length === 1 ? LABEL.hint1 : w.length === 2 ? LABEL.hint2 : LABEL.hint3;
        add(w, weight, 'hint', h);
        // A hint in another language, when the language here has a word for each of its words
        // ("Total" is "Totaal", "Due date" "Vervaldatum"; "Amount due" word by word is nothing).
        const translated = translatedName(w, locale.schemaWords, true);
        if (translated) {
            add(translated, weight, 'hint', h);
            if (translated.length > 1) add([translated.join('')], weight, 'hint', h);
        }
    }
    const name = labelWords(field.name).filter((w) => !/^\d+$/.test(w));
    const links = wordsOf(locale, 'nameLinks');
    const addName = (words: readonly string[]): void => {
        add(words, words.length > 1 ? LABEL.nameWords : LABEL.name, 'name');
        if (words.length > 1)
            for (const [k, w] of words.entries()) {
                if (STOPWORDS.has(w) || w.length <= 2) continue;
                // "number of" counts (`number_of_tickets`): alone it is no label of the count ("Account
                // number:  300188274").
                if (links.has(words[k + 1] ?? '') && wordsOf(locale, 'identifierWords').has(w)) continue;
                // Without hints, the name is all the author said: "starts on" labels `start_date`
                // well (a word another field's name has too, less); a bare "Date:" labels the
                // document's own date a little and no other (an invoice's "Date:" is not its due date).
                // (Nor what a sum is counted without or with, alone: "BTW" of `kosten_excl_btw`.)
                if ((otherDate && types.has(w)) || (k > 0 && locale.sums.apart?.includes(words[k - 1]!))) continue;
                const weight = unhinted && !types.has(w) && !shared.has(w) ? LABEL.nameWordDistinct : LABEL.nameWord;
                add([w], weight, 'name-word');
                // Short words match only as written (windows index them so); without hints, the
                // plural too: "laws of England" for `governing_law`.
                if (unhinted && w.length === 3) add([`${w}s`], weight, 'name-word');
            }
    };
    addName(name);
    const parts = unhinted ? nameParts(name, STOPWORDS, types, shared, wordsOf(locale, 'identifierWords')) : [];
    for (const part of [...parts, ...(unhinted ? sumFirst(name, locale, STOPWORDS) : [])]) add(part, LABEL.namePart, 'name');
    for (const [key, phrase] of capitalsOf(name, STOPWORDS, types)) out.set(key, phrase);
    const part = markedPart(labelWords(field.name), STOPWORDS);
    if (part) add(part.words, part.weight, part.kind);
    // A language that joins compounds writes a name of several words as one word ("Contractnummer"
    // for `contractNr`, as the stemmer writes "contractnr"; "Klantnummer" for `klant_nummer`).
    if (name.length > 1 && name.length <= 3 && locale.splitCompound !== noCompounds) add([name.join('')], LABEL.nameWords, 'name');
    // Without hints, a compound ending in a kind of value says which by its head ("maandbedrag":
    // "per maand: € 1.031,88"; "huurbedrag": "huur").
    // (A Dutch duration's compound says which by its head too: "bezwaar" of `bezwaartermijn`.)
    const kinds = scalarType(field.type).kind === 'duration' ? [...types, ...wordsOf(locale, 'periodWords')] : [...types];
    if (unhinted)
        for (const w of name) {
            const type = kinds.find((t) => w.length >= t.length + 4 && w.endsWith(t));
            const head = type && w.slice(0, -type.length);
            if (head && !STOPWORDS.has(head) && !shared.has(head)) add([head], LABEL.nameWord, 'name-word');
            // The document's own date, as "date" labels `invoice_date`: "Datum" for `briefdatum`.
            if (head && type && dated && !otherDate) add([type], LABEL.nameWord, 'name-word');
        }
    // Without hints, a name of two words is also written the other way round with "of" ("Amount of
    // loan" for `loan_amount`, "Valuation of the property" for `property_valuation`).
    const link = locale.nameLinks?.[0];
    if (unhinted && link && name.length === 2 && !name.some((w) => STOPWORDS.has(w))) {
        add([name[1]!, link, name[0]!], LABEL.nameWords, 'name');
        for (const article of locale.definitionArticles ?? []) add([name[1]!, link, article, name[0]!], LABEL.nameWords, 'name');
    }
    // A name in another language, as this one writes it ("total" in a Dutch invoice: "Totaal"); a
    // language that joins compounds writes a name of several words as one ("factuurdatum").
    for (const [words, weight] of formNames(name, locale, STOPWORDS)) add(words, weight, 'name');
    const translated = translatedName(name, locale.schemaWords);
    if (translated) {
        addName(translated);
        if (translated.length > 1) add([translated.join('')], LABEL.nameWords, 'name');
    }
    // A party named by its role, as documents label it ("customer": "Bill to").
    // How running text introduces the date the name asks for ("commences on" for `start_date`);
    // hints, where the author wrote them, say it instead.
    const agent = name.filter((w) => !wordsOf(locale, 'nameWords').has(w)).length === 1;
    for (const w of new Set([...name, ...(translated ?? [])])) {
        for (const label of locale.roleLabels?.get(w) ?? []) add(labelWords(label), LABEL.nameWords, 'name');
        // (Only for a name that is the agent alone or its name: `approver`, `approver_name`; a
        // valuer's business is not who "Valued by" names.)
        if (agent) for (const label of locale.agentLabels?.(w) ?? []) add(labelWords(label), LABEL.nameWords, 'name');
        // (Paying by a day asks for the day it falls due: `discount_pay_by_date`; not a payslip's `pay_date`.)
        if (dated)
            for (const words of (locale.dateLabels?.get(payBy(name, w)) ?? []).map(labelWords))
                add(words, dateLabelWeight(words, STOPWORDS), 'name');
    }
    // A name that says only the kind of document (`quote_date`) asks for the date it was issued.
    if (dated && !otherDate) for (const words of ownDateLabels(locale, shared, STOPWORDS)) add(words, LABEL.nameWords, 'name');
    const described = labelWords(field.description ?? '');
    for (const w of possessorFree(described, locale, STOPWORDS)) {
        if (!STOPWORDS.has(w) && w.length > 3) add([w], LABEL.description, 'description');
    }
    // A short description written as the documents label the field ("Ingehouden
    // loonbelasting/premie volksverzekeringen") labels it as a hint would, where it is written whole.
    if (described.length >= 3 && described.length <= 6) add(described, LABEL.hint3, 'name');
    return [...out.values()];
}

/**
 * Whether word `i`, an abbreviation of the phrase's one word, is a label of it: a full stop or a
 * colon after it ("Our ref:" for `reference`). A word of a longer name only alone in its cell or
 * after a possessive ("Our ref:" is `matter_reference`'s, "Job ref:" no `police_crime_reference`),
 * and not a number's word ("No." is every other number's label too).
 */
function abbreviatedLabel(win: WindowText, phrase: LabelPhrase, i: number): boolean {
    const words = win.words;
    // (Or a number's word and a colon after it, starting its line: "Reg No:      NU21 KXD" for `vehicle_registration`.)
    const after = words[i]!.end + (win.text[words[i]!.end] === '.' ? 1 : 0);
    const numbered =
        (i === 0 || words[i - 1]!.line !== words[i]!.line) && numberTail(win, after, win.lines[words[i]!.line]!.end) !== undefined;
    if (numbered) return true;
    if (!/[.:]/.test(win.text[words[i]!.end] ?? '')) return false;
    if (phrase.kind !== 'name-word') return true;
    if (wordsOf(win.locale, 'identifierWords').has(phrase.words[0]!)) return false;
    return (
        i === 0 ||
        words[i - 1]!.line !== words[i]!.line ||
        /\s{2}|[:|]/.test(win.text.slice(words[i - 1]!.end, words[i]!.start)) ||
        wordsOf(win.locale, 'possessives').has(words[i - 1]!.norm)
    );
}

/**
 * Whether a participle of the phrase ("injured", "insured") matches only a noun of its stem in the
 * text ("Injury:", "Insurance"): another word, no label (`injured_person` is no "Injury:   Scald").
 */
function participleOnly(words: WindowText['words'], i: number, phrase: readonly string[]): boolean {
    return phrase.some((w, k) => {
        const got = words[i + k]!.norm;
        // (The verb itself is the same word: "Expect payment by" for `expected_payment`.)
        return (
            w.length > 4 &&
            w.endsWith('ed') &&
            !got.endsWith('ed') &&
            ![w, w.slice(0, -1), w.slice(0, -2), `${w.slice(0, -2)}s`].includes(got)
        );
    });
}

/** Occurrences of one phrase in the window. */
function phraseHits(win: WindowText, field: number, phrase: LabelPhrase, known: ReadonlySet<string>): LabelHit[] {
    const hits: LabelHit[] = [];
    const n = phrase.words.length;
    const words = win.words;
    const push = (i: number, weight: number, abbreviation = false): void => {
        const first = words[i]!;
        const last = words[i + n - 1]!;
        // A possessive labels what it owns, which the phrase must go on to name ("Patient's name"
        // for `patient_name`): "Employee's contributions" is no label of the employee.
        if (/['’]s$/.test(last.norm)) return;
        if (phrase.initials && win.text.slice(first.start, last.end) !== win.text.slice(first.start, last.end).toUpperCase()) return;
        // A word joined by a hyphen is found at its second part; the label starts at its first ("E-mail" for `email`).
        const joined = hyphenJoined(win, i, phrase.words[0]!);
        const compound =
            !abbreviation && !joined && !sameWord(win, first.norm, phrase.words[0]!) && !sameWord(win, first.norm, phrase.words[n - 1]!);
        hits.push({
            field,
            start: joined ? words[i - 1]!.start : first.start,
            end: last.end,
            line: first.line,
            weight,
            length: n,
            kind: phrase.kind,
            phrase: phrase.words.join(' '),
            source: phrase.source,
            compound,
            slashed: n > 1 && /[ \t]\/[ \t]/.test(win.text.slice(first.start, last.end)),
        });
    };
    // Exact order, anchored on the first word; on one line, or running on from a wrapped line of
    // prose ("the laws of" / "the State of New Jersey"), never from a short line of its own.
    // (Or on the first word's abbreviation and its full stop, the rest after it: "Reg. No." for `registration_number`.)
    const shortFirst = abbreviatedFirst(win, phrase);
    const anchors = wordPositions(win, phrase.words[0]!, known);
    for (const i of shortFirst.length ? [...anchors, ...shortFirst] : anchors) {
        if (i + n > words.length) continue;
        let ok = true;
        for (let k = 1; k < n && ok; k++)
            ok =
                (sameWord(win, words[i + k]!.norm, phrase.words[k]!) || abbreviates(win, words[i + k]!.norm, phrase.words[k]!)) &&
                runsOn(win, i + k - 1);
        // Another form of a word ("renewed" for "renew") is a slightly weaker label than the word.
        let literal = true;
        for (let k = 0; k < n && ok && literal; k++) literal = pluralOrSame(words[i + k]!.norm, phrase.words[k]!);
        if (ok && (literal || !participleOnly(words, i, phrase.words))) push(i, literal ? phrase.weight : phrase.weight * LABEL.wordForm);
    }
    if (n === 1 && (phrase.kind === 'name' || phrase.kind === 'hint' || phrase.kind === 'name-word'))
        for (const short of win.locale.labelAbbreviations?.get(phrase.words[0]!) ?? [])
            for (const i of win.wordIndex.get(short) ?? [])
                if (abbreviatedLabel(win, phrase, i)) push(i, phrase.weight * LABEL.wordForm, true);
    if (phrase.kind !== 'hint' || n < 2) return hits;
    const seen = new Set(hits.map((h) => h.start));
    // Reordered (two or three words) and one inner word replaced (four or more), on one line.
    for (const i of wordPositions(win, phrase.words[n - 1]!)) {
        const s = i - n + 1;
        if (s < 0 || seen.has(words[s]!.start) || words[s]!.line !== words[i]!.line) continue;
        const got = words.slice(s, i + 1).map((w) => w.norm);
        if (n <= 3) {
            const want = [...phrase.words].sort();
            if (
                got
                    .slice()
                    .sort()
                    .every((w, k) => sameWord(win, w, want[k]!))
            )
                push(s, phrase.weight * LABEL.reordered);
        } else {
            let diff = 0;
            for (let k = 0; k < n; k++) if (!sameWord(win, got[k]!, phrase.words[k]!)) diff += k === 0 || k === n - 1 ? 2 : 1;
            if (diff === 1) push(s, phrase.weight * LABEL.oneWordReplaced);
        }
    }
    // A shuffled pair whose last word comes first ("Total Rounded" for "Rounded Total").
    if (n <= 3) {
        for (const i of wordPositions(win, phrase.words[0]!)) {
            const s = i - n + 1;
            if (s < 0 || seen.has(words[s]!.start) || words[s]!.line !== words[i]!.line || hits.some((h) => h.start === words[s]!.start))
                continue;
            const got = words
                .slice(s, i + 1)
                .map((w) => w.norm)
                .sort();
            const want = [...phrase.words].sort();
            if (got.every((w, k) => sameWord(win, w, want[k]!))) push(s, phrase.weight * LABEL.reordered);
        }
    }
    return hits;
}

/**
 * Label hits of every field in the window (index = field id), with hits covered by a longer hit of
 * another label removed.
 */
export function findLabels(win: WindowText, fields: readonly CompiledField[], phrases: ReadonlyMap<number, LabelPhrase[]>): LabelHit[][] {
    const all: LabelHit[] = [];
    const known = new Set<string>();
    for (const f of fields)
        for (const p of phrases.get(f.id) ?? [])
            if (p.kind !== 'description') for (const w of p.words) if (w.length >= MIN_COMPOUND_TAIL) known.add(w);
    for (const f of fields)
        for (const p of phrases.get(f.id) ?? []) if (all.length < HITS_IN_A_WINDOW) all.push(...phraseHits(win, f.id, p, known));
    all.length = Math.min(all.length, HITS_IN_A_WINDOW);
    const amounts = new Set(fields.filter((f) => (f.type.kind === 'array' ? f.type.items : f.type).kind === 'money').map((f) => f.id));
    const taxed = new Set(fields.filter((f) => asksForTax(f, win.locale)).map((f) => f.id));
    const out: LabelHit[][] = fields.map(() => []);
    const names = new Map(fields.map((f) => [f.id, labelWords(f.name)] as const));
    const siblings = siblingsOf(fields, win.locale);
    const excluded = excludedWords(fields, win.locale);
    const kept = uncovered(all, new Set(fields.filter((f) => f.type.kind === 'boolean').map((f) => f.id)));
    const headed = headedByOther(win, kept, towardsHeads(names));
    for (const h of kept) {
        if (headed.has(h)) continue;
        if (amounts.has(h.field) && (countedApart(win, h) || (taxAfter(win, h) && !taxed.has(h.field)))) continue;
        if (h.compound && foreignHead(win, h, phrases.get(h.field) ?? [])) h.weight *= LABEL.qualifiedByWord;
        if (otherSection(win, h, names) || otherColumn(win, h, names) || kindOfLabel(win, h, names.get(h.field) ?? [])) continue;
        const name = names.get(h.field) ?? [];
        if (siblingSpeaks(win, h, siblings) || negationDiffers(win, h, name) || otherOccurrence(win, h, name) || setApart(win, h, excluded))
            continue;
        out[h.field]!.push(h);
    }
    for (const f of fields) {
        out[f.id] = joinOwnWords(win, out[f.id]!);
        yieldToHead(win, out[f.id]!, names.get(f.id) ?? []);
        yieldToPlain(win, out[f.id]!);
        yieldToDescribed(win, out[f.id]!, describedWords(f, win.locale));
    }
    return out;
}

/**
 * Label hits a window reads at most: every hit is read for values, and a schema whose hints match
 * every word (32 fields of 16 forms of one word) would make a window's work its words times its
 * hints. The most any window of the labelled or the users' sets has is 510.
 */
export const HITS_IN_A_WINDOW = 10_000;
