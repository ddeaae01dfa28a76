// Postal addresses for string fields that ask for one (name, description or hints mention an
// address). An address rarely has a label: it is a block of short lines — a street with a number,
// districts, a line with a postcode — under a letterhead. The block is found by its shape, in any
// country's spelling: street words of several languages, postcodes of four to six digits (or Dutch
// "1234 AB", British "SW1A 1AA"), and it ends before the next labelled line ("TEL:", "GST NO").
// Street and address words are those of the countries addresses come from, whatever the document's
// language (a Malaysian address on an English receipt): they are no language profile's.
import type { LocaleProfile } from '../locale/locale-types.js';
import { wordsOf } from '../locale/locale-words.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';

const ADDRESS_WORDS = /\b(?:address|addr|adres|adresse|dirección|indirizzo|alamat|location|vestigingsadres|postadres)\b/i;

const STREET_WORDS = new Set([
    // English
    'street',
    'st',
    'road',
    'rd',
    'avenue',
    'ave',
    'lane',
    'ln',
    'drive',
    'dr',
    'boulevard',
    'blvd',
    'way',
    'court',
    'ct',
    'place',
    'pl',
    'square',
    'sq',
    'floor',
    'suite',
    'unit',
    'building',
    'bldg',
    'block',
    'blk',
    'plaza',
    'lot',
    'no',
    'highway',
    'hwy',
    'park',
    'centre',
    'center',
    'mall',
    'po',
    'box',
    'level',
    // Dutch, German, French
    'straat',
    'laan',
    'weg',
    'plein',
    'gracht',
    'kade',
    'dijk',
    'singel',
    'steeg',
    'hof',
    'postbus',
    'strasse',
    'straße',
    'str',
    'rue',
    'avenue',
    'boulevard',
    // Malay and Indonesian
    'jalan',
    'jln',
    'jl',
    'lorong',
    'taman',
    'tmn',
    'kawasan',
    'bandar',
    'persiaran',
    'lebuhraya',
    'kampung',
    'kg',
    'seksyen',
    'batu',
    'km',
    'blok',
    'tingkat',
    'wisma',
    'menara',
    'pusat',
    'perindustrian',
]);

const POSTCODE = /(?<![\d-])(?:\d{4,6}|\d{4}\s?[A-Z]{2}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})(?![\d-])/;
const LABELLED = /:|\b(?:tel|fax|phone|gst|tax|reg|invoice|receipt|date|email|www|http)\b|@/i;

/** Whether a field asks for an address. */
export function wantsAddress(texts: readonly string[]): boolean {
    return texts.some((t) => ADDRESS_WORDS.test(t));
}

function streetLike(line: string): boolean {
    const words = line.toLowerCase().match(/[\p{L}]+/gu) ?? [];
    const hasStreetWord = words.some((w) => STREET_WORDS.has(w));
    const hasNumber = /\d/.test(line);
    return (hasNumber && (hasStreetWord || /,/.test(line))) || (hasStreetWord && words.length >= 2);
}

function continuation(line: string): boolean {
    // "NO: 28, JALAN ..." is a house number, not a label.
    const t = line.trim().replace(/^no\s*[:.]/i, 'NO ');
    return t.length > 0 && t.length <= 80 && !LABELLED.test(t) && /[\p{L}]{2,}/u.test(t) && !/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/.test(t);
}

/** Address blocks in the window: from a street-like line to the line with a postcode (one more short line allowed). */
export function addressBlocks(win: WindowText): Span[] {
    const out: Span[] = [];
    const lines = win.lines;
    for (let i = 0; i < lines.length; i++) {
        const first = lines[i]!.text;
        if (!continuation(first) || !streetLike(first)) continue;
        let end = -1;
        for (let j = i; j < lines.length && j < i + 5; j++) {
            if (!continuation(lines[j]!.text)) break;
            if (POSTCODE.test(lines[j]!.text)) {
                end = j;
                // State or country names after the postcode line still belong to the address.
                for (let k = j + 1; k <= j + 2 && k < lines.length; k++) {
                    const next = lines[k]!.text.trim();
                    if (!next || /\d/.test(next) || next.split(/\s+/).length > 4 || !continuation(next)) break;
                    end = k;
                }
                break;
            }
        }
        if (end < 0) continue;
        const start = lines[i]!.start + (first.length - first.trimStart().length);
        let stop = lines[end]!.end;
        while (stop > start && /[\s,]/.test(win.text[stop - 1]!)) stop--;
        out.push({ start, end: stop, quote: win.text.slice(start, stop) });
        i = end; // one block per address
    }
    return out;
}

/** Whether a field asks for the name of the business that issued the document. */
export function wantsIssuer(texts: readonly string[], locale: LocaleProfile): boolean {
    const words = wordsOf(locale, 'issuerWords');
    return texts.some((t) => (t.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => words.has(w)));
}

/** Registration numbers and similar lines between a letterhead name and its address. */
function registrationLine(t: string): boolean {
    return /^\(?[\p{L}.\s]*[:#]?\s*[\dA-Z-]*\d[\dA-Z-]*\)?$/u.test(t) || /\b(?:reg|gst|co\.?\s*no|company\s+no|kvk|btw|vat)\b/i.test(t);
}

/**
 * A line without the company registration number written after the name ("99 SPEED MART S/B
 * (519537-X)", "AEON CO. (M) BHD (126926-H)"): a bracketed run with digits at the end of the line.
 */
export function withoutRegistration(t: string): string {
    return t.replace(/\s*\((?:co\.?\s*no\.?\s*:?\s*)?[\dA-Z][\dA-Z .:-]*\d[\dA-Z .:-]*\)\s*$/i, '').trim();
}

/** A name line: mostly capitals ("KEDAI RUNCIT MAJU") or every word capitalised ("ACME Office Supplies Ltd."). */
function letterheadLine(t: string): boolean {
    const letters = t.replace(/[^\p{L}]/gu, '');
    if (!(t.length > 0 && t.length <= 60 && letters.length >= 3 && !/[:@]/.test(t) && (t.match(/\d/g)?.length ?? 0) <= 3)) return false;
    const words = t.split(/\s+/).filter((w) => /\p{L}/u.test(w));
    return (
        letters.replace(/[^\p{Lu}]/gu, '').length / letters.length > 0.6 ||
        (words.length >= 2 && words.every((w) => /^[^\p{L}]*\p{Lu}/u.test(w)))
    );
}

/**
 * The letterhead above an address block: the name line just above it, registration-number lines
 * skipped. Receipts and letters put the issuer's name there, labelled or not.
 */
export function letterheadNames(win: WindowText, blocks: readonly Span[]): Span[] {
    const out: Span[] = [];
    for (const b of blocks) {
        let l = win.lineOf(b.start) - 1;
        for (let skipped = 0; l >= 0 && skipped < 3; l--) {
            const t = withoutRegistration(win.lines[l]!.text.trim());
            if (t === '') continue;
            // Registration lines, and lines of another address block, stand between a name and its address.
            const inBlock = blocks.some((o) => o.start <= win.lines[l]!.end && win.lines[l]!.start <= o.end);
            if (registrationLine(t) || inBlock) {
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
                out.push({ start, end, quote: win.text.slice(start, end) });
            }
            break;
        }
    }
    return out;
}
