// What `svc extract` says about a document before reading it: an empty one is refused (as the API
// refuses it), and one that does not look like text, or looks like another language than
// --language, gets a warning (a Dutch invoice read as English gives confident wrong values).

/** Function words that are frequent in any text of the language and rare in the other. */
const FUNCTION_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
    en: new Set([
        'the',
        'and',
        'of',
        'to',
        'is',
        'for',
        'this',
        'with',
        'that',
        'by',
        'on',
        'be',
        'shall',
        'are',
        'from',
        'or',
        'date',
        'total',
        'amount',
        'due',
        'invoice',
        'vat',
        'subtotal',
        'payment',
        'days',
        'we',
        'you',
        'within',
        'please',
        'agreement',
    ]),
    nl: new Set([
        'de',
        'het',
        'een',
        'en',
        'van',
        'is',
        'voor',
        'met',
        'dat',
        'op',
        'te',
        'bij',
        'niet',
        'zijn',
        'wordt',
        'datum',
        'totaal',
        'bedrag',
        'aan',
        'ook',
        'factuur',
        'btw',
        'subtotaal',
        'betaling',
        'dagen',
        'wij',
        'u',
        'binnen',
        'over',
        'incl',
        'overeenkomst',
    ]),
};
const LANGUAGE_NAMES: Readonly<Record<string, string>> = { en: 'English', nl: 'Dutch' };

const FUNCTION_WORD_SETS = Object.entries(FUNCTION_WORDS);

/** Function words counted before the judgement is taken: a sample this size is clear enough. */
const SAMPLE_HITS = 60;

/** The language whose function words clearly dominate (at least 6 hits, three times the others), if any. */
export function guessLanguage(text: string): string | undefined {
    const counts = new Map<string, number>();
    // Enough words to judge; bounded so a large document costs little.
    const words = text
        .slice(0, 20_000)
        .toLowerCase()
        .matchAll(/\p{L}+/gu);
    let hits = 0;
    for (const [w] of words) {
        for (const [lang, set] of FUNCTION_WORD_SETS) {
            if (!set.has(w)) continue;
            counts.set(lang, (counts.get(lang) ?? 0) + 1);
            hits++;
        }
        if (hits >= SAMPLE_HITS) break;
    }
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    const [best, second] = ranked;
    if (!best || best[1] < 6 || best[1] < 3 * (second?.[1] ?? 0)) return undefined;
    return best[0];
}

/** Whether a text looks like a plain-text document rather than a binary file or a PDF's bytes. */
export function looksLikeText(text: string): boolean {
    if (text.startsWith('%PDF-')) return false;
    let control = 0;
    const sample = text.slice(0, 20_000);
    for (let i = 0; i < sample.length; i++) {
        const c = sample.charCodeAt(i);
        if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0xfffd) control++;
    }
    return control <= sample.length / 100;
}

/** Warnings about one document (empty list: nothing to say). */
export function documentWarnings(file: string, text: string, language: string): string[] {
    const out: string[] = [];
    if (!looksLikeText(text)) out.push(`${file} does not look like plain text; svc reads text only (convert PDFs and scans to text first)`);
    const guessed = guessLanguage(text);
    if (guessed && guessed !== language && LANGUAGE_NAMES[guessed]) {
        out.push(
            `${file} looks ${LANGUAGE_NAMES[guessed]}, but it is read as ${LANGUAGE_NAMES[language] ?? language}; pass --language ${guessed} if it is`,
        );
    }
    return out;
}
