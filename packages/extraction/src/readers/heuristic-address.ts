// Postal addresses for string fields that ask for one (name, description or hints mention an
// address). An address rarely has a label: it is a block of short lines — a street with a number,
// districts, a line with a postcode — under a letterhead. The block is found by its shape, in any
// country's spelling: street words of several languages, postcodes of four to six digits (or Dutch
// "1234 AB", British "SW1A 1AA"), and it ends before the next labelled line ("TEL:", "GST NO").
// Street and address words are those of the countries addresses come from, whatever the document's
// language (a Malaysian address on an English receipt): they are no language profile's.
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import { LEGAL_FORMS } from '../parsers/legal-forms.js';
import { withoutOrnaments } from './heuristic-name-trims.js';
import type { Span } from './heuristic-spans.js';
import { DUTCH_STREETS, STREET_WORDS } from './heuristic-address-words.js';
import { labelWords, type WindowText } from './heuristic-text.js';

// Dutch compounds of "adres" name addresses too ("bezoekadres", "woonadres", "afleveradres"),
// not an e-mail's or a website's ("e-mailadres", "internetadres").
const ADDRESS_WORDS = /\b(?:address|addr|adres|adresse|dirección|indirizzo|alamat|location|(?!(?:e-?)?mail|internet|web)[a-z]{3,}adres)\b/i;

// (An Irish Eircode too: a routing key and four characters, "D03 W2K6", "P75 KX21".)
const POSTCODE =
    /(?<![\p{L}\d-])(?:\d{4,6}|\d{4}\s?[A-Z]{2}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s?(?=[A-Z\d]*\d)(?=[A-Z\d]*[A-Z])[\dAC-FHKNPRTV-Y]{4})(?![\d-])/u;
const LABEL_WORDS = /\b(?:tel|fax|phone|gst|tax|reg|invoice|receipt|date|email|www|http)\b|@/i;
const LABELLED = new RegExp(`:|${LABEL_WORDS.source}`, 'i');

/** A labelled value that is another label ("ADDRESS" over "GST NO." of an empty form): no address. */
export function labelNotAddress(quote: string): boolean {
    return LABEL_WORDS.test(quote);
}

/** Whether a field asks for an address. */
export function wantsAddress(texts: readonly string[]): boolean {
    // A field's name is one word to `\b`: "property_address", "billingAddress" are split first.
    return texts.some((t) =>
        ADDRESS_WORDS.test(
            t
                .replace(/_/g, ' ')
                .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
                .replace(NO_POSTAL_ADDRESS, ' '),
        ),
    );
}

/** An address that is no place: an e-mail's, a website's ("applicant's email address", `web_address`). */
const NO_POSTAL_ADDRESS = /\b(?:e-?mail|mail|web|website|internet|ip|mac)\s+(?:address|addr)\b/giu;

/** Words that qualify an address without saying whose it is ("full_address", "postal_address"). */
const NEUTRAL_QUALIFIERS = new Set(['full', 'postal', 'street', 'complete', 'main', 'volledig', 'volledige']);

/**
 * Whether a field asks for an address its name gives to someone other than the document's issuer
 * ("property_address", "billing_address"; not "address", "store_address"): not the letterhead's.
 */
export function wantsOthersAddress(name: string, locale: LocaleProfile): boolean {
    const issuer = wordsOf(locale, 'issuerWords');
    return labelWords(name).some((w) => /\p{L}/u.test(w) && !ADDRESS_WORDS.test(w) && !issuer.has(w) && !NEUTRAL_QUALIFIERS.has(w));
}

/** Dutch and German streets are one word: "Oudegracht", "Kastanjelaan", "Industrieweg", "Hauptstraße". */
const STREET_TAIL = /^\p{L}{2,}(?:straat|laan|weg|plein|gracht|kade|dijk|singel|steeg|dreef|hof|strasse|straße)$/u;

/** A street and its house number: "Oudegracht 112", "Kastanjelaan 9a", "Laan van Meerdervoort 1120" (no registration number). */
function houseLine(t: string): boolean {
    const m = /^(\p{L}+)\s+\d{1,4}\p{L}?$/u.exec(t);
    if (m) return STREET_TAIL.test(m[1]!.toLowerCase()) || DUTCH_STREETS.has(m[1]!.toLowerCase());
    // (Or a few words a street's word starts.)
    const w = /^(\p{L}{4,})(?:\s+\p{L}+){0,3}\s+\d{1,4}\p{L}?$/u.exec(t)?.[1]?.toLowerCase();
    return w !== undefined && (DUTCH_STREETS.has(w) || STREET_TAIL.test(w));
}

/** A street's line: a street word and a number or another word, or a number and a comma. */
export function streetLike(line: string): boolean {
    const words = line.toLowerCase().match(/[\p{L}]+/gu) ?? [];
    const hasStreetWord = words.some((w) => STREET_WORDS.has(w) || STREET_TAIL.test(w));
    const hasNumber = /\d/.test(line);
    return (hasNumber && (hasStreetWord || /,/.test(line))) || (hasStreetWord && words.length >= 2);
}

function continuation(line: string): boolean {
    // "NO: 28, JALAN ..." is a house number, not a label.
    const t = line.trim().replace(/^no\s*[:.]/i, 'NO ');
    return (
        t.length > 0 &&
        t.length <= 80 &&
        !LABELLED.test(t) &&
        /[\p{L}]{2,}/u.test(t) &&
        !/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/.test(t) &&
        !prose(t)
    );
}

/**
 * A line of running text, not of an address: more than four words in lower case ("offerte van 12
 * augustus 2025, die u op 20 augustus …"), or a date in words ("October 28, 2024"), whose year reads as a postcode.
 */
function prose(t: string): boolean {
    return (t.match(/(?:^|\s)\p{Ll}{2,}(?=[\s,.;]|$)/gu)?.length ?? 0) > 4 || WORDED_DATE.test(t);
}

const MONTH_WORDS =
    'jan(?:uary|uari)?|feb(?:ruary|ruari)?|mar(?:ch)?|maart|apr(?:il)?|may|mei|june?|juni|july?|juli|aug(?:ust|ustus)?|sep(?:t|tember)?|oct(?:ober)?|okt(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const WORDED_DATE = new RegExp(
    `\\b\\d{1,2}\\.?\\s+(?:${MONTH_WORDS})\\.?\\s+(?:19|20)\\d{2}\\b|\\b(?:${MONTH_WORDS})\\.?\\s+\\d{1,2},?\\s+(?:19|20)\\d{2}\\b`,
    'i',
);

/**
 * A line's postcode: a number that is not a house, lot or unit number ("LOT 2811", "PT17920",
 * "NO 15": street words and "PT" before a number make it part of the street line).
 */
export function hasPostcode(line: string): boolean {
    return POSTCODE.test(line.replace(HOUSE_NUMBER, ' '));
}

const HOUSE_NUMBER = /\b(?:lot|no|pt|ptd|p\.\s?t|unit|level|blok?|block|suite|jalan|jln|batu|km)\b[.:\s]*\d+/gi;

/** Words of the till and the document's title, never part of an address ("TAX INVOICE", "GUEST CHECK", "CARRY OUT"). */
const TILL_WORDS = /invoice|receipt|\b(?:bill|copy|order|check|cashier|counter|table|carry|take\s?away|dine|welcome|thank|rm|cash)\b/i;

/** A postcode followed by a place name ("81750 JOHOR BAHRU", "41150 KLANG", OCR's "81750.JOHOR"). */
const POSTCODE_PLACE = /\d{4,6}(?:[\s,]+|\.)\p{L}{2,}/u;

/** Where a line's labelled tail starts after an address ("…, JOHOR, TEL NO.: 07-…", "… 50450 KL TEL: …"); -1 if none. */
function labelledTail(line: string): number {
    // One separator before the label word, then back over the rest by hand: `[\s,;]+(?:tel…)`
    // would try every length of a long run of spaces at every start, quadratic in the run.
    if (line.length > 160) return -1; // no address line is that long (`continuation`: 80)
    const m = /[\s,;](?:tel|fax|phone|h\/p|gst|email)\b/i.exec(line);
    if (!m) return -1;
    let at = m.index;
    while (at > 0 && /[\s,;]/.test(line[at - 1]!)) at--;
    return at;
}

/** The place under a line that ends with its postcode: a few words without digits, labels or till words. */
function placeAfterPostcode(next: string): boolean {
    return next !== '' && !/\d/.test(next) && next.split(/\s+/).length <= 6 && continuation(next) && !TILL_WORDS.test(next);
}

/** Lines that may close an address after its postcode: a state or country ("SELANGOR DARUL EHSAN", "MALAYSIA"). */
function regionLine(next: string): boolean {
    return next !== '' && !/\d/.test(next) && next.split(/\s+/).length <= 4 && continuation(next) && !TILL_WORDS.test(next);
}

/** Street-like lines without a postcode that stand under a letterhead, before its labelled lines. */
const NO_POSTCODE_HEAD_LINES = 8;

/**
 * Address blocks in the window: from a street-like line to the last line with a postcode among the
 * next few lines (then up to two lines of a state or country); in the letterhead, a run of
 * street-like lines that ends at a labelled line ("TEL:", "GST NO") or a phone number is an address
 * without a postcode (`documentHead`: the window starts the document).
 */
export function addressBlocks(win: WindowText, documentHead = true): readonly Span[] {
    // The address field and the issuer's field of one window ask for the same blocks: found once.
    const cached = blockCache.get(win)?.get(documentHead);
    if (cached) return cached;
    const out: Span[] = [];
    const lines = win.lines;
    for (let i = 0; i < lines.length; i++) {
        const first = lines[i]!.text;
        // A block starts at a street line with a number, never at a registration line ("(CO. NO. 113821-W)").
        // (Cheapest tests first: most lines have no digit.)
        if (
            !/\d/.test(first) ||
            first.length > 160 ||
            // Two columns side by side ("Dana Marchetti          2217 Ridgeview Dr") are no block of lines.
            /\S {3,}\S/.test(first.trim()) ||
            !streetLike(first) ||
            !continuation(first) ||
            TILL_WORDS.test(first) ||
            (registrationLine(first.trim()) && !houseLine(first.trim()))
        )
            continue;
        let end = -1;
        let run = i;
        for (let j = i; j < lines.length && j < i + 5; j++) {
            const t = lines[j]!.text;
            if (!continuation(t) || (j > i && TILL_WORDS.test(t))) break;
            run = j;
            // A later postcode line with a place name continues the block ("LOT 2110 JALAN X" / "81750 JOHOR BAHRU", "81750.JOHOR").
            if (hasPostcode(t) && (end < 0 || POSTCODE_PLACE.test(t))) end = j;
        }
        // A postcode line that goes on into a label ("81750 JOHOR BAHRU, JOHOR, TEL NO.: 07-387 3322") ends the block at it.
        let cut = -1;
        if (run + 1 < lines.length && run + 1 < i + 5 && (end === run || end < 0)) {
            const next = lines[run + 1]!;
            const head = labelledTail(next.text);
            if (head > 0 && hasPostcode(next.text.slice(0, head)) && POSTCODE_PLACE.test(next.text.slice(0, head))) {
                end = run + 1;
                cut = next.start + head;
            }
        }
        if (end >= 0 && cut < 0) {
            // A line that ends with its postcode has the place on the next line ("ARA DAMANSARA, 47301" / "PETALING JAYA, SELANGOR").
            const place = lines[end + 1]?.text.trim() ?? '';
            if (/\d{4,6}[\s.,]*$/.test(lines[end]!.text) && placeAfterPostcode(place)) end++;
            // State or country names after the postcode line still belong to the address.
            for (let k = end + 1; k <= end + 2 && k < lines.length && regionLine(lines[k]!.text.trim()); k++) end = k;
            // So does a branch's street line between the postcode and the labelled lines ("1076-TMN IJOK" / "GST ID:").
            const branch = lines[end + 1]?.text.trim() ?? '';
            if (
                branch &&
                continuation(branch) &&
                streetLike(branch) &&
                !TILL_WORDS.test(branch) &&
                LABELLED.test(lines[end + 2]?.text ?? ':')
            )
                end++;
        } else if (end < 0 && documentHead && i < NO_POSTCODE_HEAD_LINES && run - i < 3) {
            const after = lines[run + 1]?.text.trim() ?? '';
            if (LABELLED.test(after) || /^[\d\s()+-]{7,}$/.test(after)) end = run;
        }
        if (end < 0) continue;
        // (Without the "of" a deed introduces a party's address with: "of 88 Tanner Street, London SE1 3LD".)
        const indent = first.length - first.trimStart().length;
        const start = lines[i]!.start + indent + (PARTY_OF.exec(first.slice(indent))?.[0].length ?? 0);
        let stop = cut >= 0 ? cut : lines[end]!.end;
        stop = proseAfterPostcode(win.text, start, stop);
        while (stop > start && /[\s,]/.test(win.text[stop - 1]!)) stop--;
        out.push({ start, end: stop, quote: win.text.slice(start, stop) });
        i = end; // one block per address
    }
    const byHead = blockCache.get(win) ?? blockCache.set(win, new Map()).get(win)!;
    byHead.set(documentHead, out);
    return out;
}

const blockCache = new WeakMap<WindowText, Map<boolean, readonly Span[]>>();

/**
 * Where a block ends that runs on from its postcode into running text: before the comma and the word
 * in lower case ("56 Beaconsfield Road, Leicester, LE3 0FE, a British citizen, born on").
 */
function proseAfterPostcode(text: string, start: number, stop: number): number {
    const block = text.slice(start, stop);
    const m = /,[ \t]+\p{Ll}/u.exec(block);
    if (!m || !POSTCODE.test(block.slice(0, m.index))) return stop;
    const code = new RegExp(POSTCODE.source + '$', 'u').exec(block.slice(0, m.index).trimEnd());
    return code ? start + m.index : stop;
}

/** The word a deed introduces a party's address with, before its house number. */
const PARTY_OF = /^of[ \t]+(?=\d)/i;

/** Whether a field asks for the name of the business that issued the document. */
export function wantsIssuer(texts: readonly string[], locale: LocaleProfile): boolean {
    const words = wordsOf(locale, 'issuerWords');
    return texts.some((t) => (t.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => words.has(w)));
}

/** Registration numbers and similar lines between a letterhead name and its address. */
function registrationLine(t: string): boolean {
    // Such a line is short; the first pattern's neighbouring classes would cost a long one time in
    // the square of its length.
    return (
        (t.length <= 80 && /^\(?[\p{L}.\s]*[:#]?\s*[\dA-Z-]*\d[\dA-Z-]*\)?$/u.test(t)) ||
        /\b(?:reg|gst|co\.?\s*no|company\s+no|kvk|btw|vat)\b/i.test(t)
    );
}

/**
 * A line without the company registration number written after the name ("99 SPEED MART S/B
 * (519537-X)", "AEON CO. (M) BHD (126926-H)"): a bracketed run with digits at the end of the line.
 */
export function withoutRegistration(t: string): string {
    // Only the end of a line can hold it, so only its last characters are searched: these patterns,
    // tried at every start of a long run of spaces, cost time in the square of the run's length.
    const cut = Math.max(0, t.length - REGISTRATION_TAIL);
    const tail = t
        .slice(cut)
        .replace(/\s*\((?:co\.?\s*no\.?\s*:?\s*)?[\dA-Z][\dA-Z .:-]*\d[\dA-Z .:-]*\)\s*$/i, '')
        .replace(/\s+\d{5,}-[A-Z](?:\s*\([A-Z\d]+\))?$/, ''); // unbracketed: "… S/B 273500-U (GKJ)"
    return (t.slice(0, cut) + tail).trim();
}

/** Characters at the end of a line searched for a registration number (the longest written is about 30). */
const REGISTRATION_TAIL = 64;

/** Street and place words that name no business ("BANDAR BARU RAWANG", "FIRST WORLD THEME PARK" over an address). */
const BUSINESS_STREET_WORDS = new Set([
    'centre',
    'center',
    'building',
    'bldg',
    'plaza',
    'mall',
    'wisma',
    'menara',
    'pusat',
    'court',
    'place',
    'square',
]);

/**
 * A line of place words: a district or a landmark written above the street line, not the issuer's
 * name — which a legal form ends ("KESTREL LANE SOFTWARE LIMITED").
 */
function placeLine(t: string): boolean {
    const words = t.toLowerCase().match(/\p{L}+/gu) ?? [];
    // After a name's particle a street word is a surname: "Bureau Van Dijk".
    return (
        !/\d/.test(t) &&
        !LEGAL_FORMS.has(words.at(-1) ?? '') &&
        words.some(
            (w, k) => STREET_WORDS.has(w) && w.length > 2 && !BUSINESS_STREET_WORDS.has(w) && !NAME_PARTICLES.has(words[k - 1] ?? ''),
        )
    );
}

/**
 * An agreement's title ("Volunteer Agreement - Stewarding & Site Crew", "OVEREENKOMST
 * DJ-OPTREDEN"): a line with the profile's word for an agreement (also ending a Dutch compound),
 * not ending in a legal form ("Contract Cleaning Services Ltd" is a name).
 */
function agreementTitle(t: string, locale: LocaleProfile): boolean {
    const own = [...wordsOf(locale, 'agreementWords')];
    const words = t.toLowerCase().match(/\p{L}+/gu) ?? [];
    const last = words[words.length - 1] ?? '';
    return !LEGAL_FORMS.has(last) && words.some((w) => own.some((a) => w === a || (a.length >= 8 && w.endsWith(a))));
}

/**
 * A line that stands near a letterhead's name but is none: a registration line, a web address, the
 * document's title or a shout ("WWW.SHOP.COM.MY", "TAX INVOICE", "THANK YOU"), a line of what the
 * business does, three items or more between dots or bars ("Tree Surgery · Hedge Management · …").
 */
export function besideName(t: string, locale: LocaleProfile): boolean {
    const tagline = (t.match(/\s[·•|*–-]\s/g)?.length ?? 0) >= 2;
    return registrationLine(t) || /\bwww\.|\.com\b|@|[!*]/i.test(t) || TILL_WORDS.test(t) || tagline || agreementTitle(t, locale);
}

/** Particles before a surname ("Van Dijk", "De Kade"). */
const NAME_PARTICLES = new Set(['van', 'de', 'der', 'den', 'ter', 'ten', 'von', 'vom']);

/** A name line: mostly capitals ("KEDAI RUNCIT MAJU") or every word capitalised ("ACME Office Supplies Ltd.", "… Services plc"). */
export function letterheadLine(t: string): boolean {
    const letters = t.replace(/[^\p{L}]/gu, '');
    if (!(t.length > 0 && t.length <= 60 && letters.length >= 3 && !/[:@]/.test(t) && (t.match(/\d/g)?.length ?? 0) <= 3)) return false;
    // A form's line pairs a label and a value by dot leaders or a wide gap ("Klant          Mw. I. Meulenbelt"): no name.
    if (/\.{3,}|…|\S {3,}\S|\t/.test(t)) return false;
    const words = t.split(/\s+/).filter((w) => /\p{L}/u.test(w));
    return (
        letters.replace(/[^\p{Lu}]/gu, '').length / letters.length > 0.6 ||
        (words.length >= 2 &&
            words.every((w, i) => /^[^\p{L}]*\p{Lu}/u.test(w) || (i === words.length - 1 && LEGAL_FORMS.has(w.replace(/\./g, '')))))
    );
}

/** A name without figures before a bullet or bar that sets it apart from its address on one line ("The Foundry Rooms · Units 4–6 …"). */
const NAME_CELL = /^(\p{L}[^·•|\d\n]{2,59}?)[ \t]+[·•|][ \t]+\S/u;

/**
 * The letterhead above an address block: the name line just above it, registration-number lines
 * skipped. Receipts and letters put the issuer's name there, labelled or not.
 */
export function letterheadNames(win: WindowText, blocks: readonly Span[]): Span[] {
    const out: Span[] = [];
    for (const b of blocks) {
        // A party's address a deed introduces ("ELEANOR BEATRICE VANE" / "of 88 Tanner Street") has no letterhead over it.
        const line = win.lines[win.lineOf(b.start)]!;
        if (/\bof[ \t]+$/i.test(win.text.slice(line.start, b.start))) continue;
        // Under a signature's cells ("Kieran Osei | Studio Manager"), the name before the address's bullet is the letterhead's.
        const own = NAME_CELL.exec(b.quote);
        const above = win.previousTextLine(win.lineOf(b.start));
        if (own && above >= 0 && /\S[ \t]+[·•|][ \t]+\S/.test(win.lines[above]!.text) && letterheadLine(own[1]!)) {
            out.push({ start: b.start, end: b.start + own[1]!.length, quote: own[1]! });
            continue;
        }
        let l = win.lineOf(b.start) - 1;
        for (let skipped = 0; l >= 0 && skipped < 3; l--) {
            const t = withoutRegistration(win.lines[l]!.text.trim());
            if (t === '') continue;
            // Lines of another address block stand between a name and its address.
            const inBlock = blocks.some((o) => o.start <= win.lines[l]!.end && win.lines[l]!.start <= o.end);
            // So does a place over the street line.
            if (inBlock || besideName(t, win.locale) || placeLine(t)) {
                skipped++;
                continue;
            }
            if (letterheadLine(t)) {
                // A name broken after "&" or "," continues the line above ("HOME MASTER HARDWARE &" / "ELECTRICAL").
                let first = l;
                while (
                    first > 0 &&
                    /[&,]$/.test(win.lines[first - 1]!.text.trim()) &&
                    letterheadLine(win.lines[first - 1]!.text.trim().slice(0, -1).trim())
                )
                    first--;
                const line = win.lines[first]!;
                const start = line.start + (line.text.length - line.text.trimStart().length);
                const end = win.lines[l]!.start + (win.lines[l]!.text.length - win.lines[l]!.text.trimStart().length) + t.length;
                out.push(withoutOrnaments(win.text, { start, end, quote: win.text.slice(start, end) }));
            }
            break;
        }
    }
    return out;
}
