// Building blocks of a profile's stemmer and compound splitter (locale-types.ts).

/** Stems shorter than this are not cut: "part" is no form of "party", nor "stat" of "state". */
const MIN_STEM = 5;

/**
 * A stemmer that cuts up to two endings (longest first) while the stem keeps MIN_STEM letters, and
 * writes the given long words' abbreviations ("zaaknummer" → "zaaknr", "case number" → "caseno").
 */
export function suffixStemmer(endings: readonly string[], abbreviations: readonly (readonly [string, string])[]): (word: string) => string {
    const sorted = [...endings].sort((a, b) => b.length - a.length);
    const stem = (word: string): string => {
        let w = word.toLowerCase();
        for (const [long, short] of abbreviations)
            if (w.length > long.length && w.endsWith(long)) return `${w.slice(0, -long.length)}${short}`;
        for (let round = 0; round < 2; round++) {
            const e = sorted.find((x) => w.endsWith(x) && w.length - x.length >= MIN_STEM);
            if (!e) break;
            w = w.slice(0, -e.length);
        }
        return w;
    };
    // The reader stems every word of every window and compares label words many times over; a
    // stem is a pure function of the word, so one bounded table serves all documents.
    const known = new Map<string, string>();
    return (word) => {
        // A "word" can be a whole document without a space: only ordinary words are remembered,
        // so the table's size is bounded by characters as well as entries.
        if (word.length > STEM_CACHE_WORD) return stem(word);
        let s = known.get(word);
        if (s === undefined) {
            s = stem(word);
            if (known.size >= STEM_CACHE_ENTRIES) known.clear();
            known.set(word, s);
        }
        return s;
    };
}

/** Words whose stems one stemmer remembers (emptied when full), and the longest it remembers. */
const STEM_CACHE_ENTRIES = 1 << 16;
const STEM_CACHE_WORD = 48;

/** Shortest head and tail a compound split keeps ("huur" + "termijn"). */
const MIN_PART = 3;
/**
 * Longer "words" are not split: each try slices the word, so splitting is quadratic in its length,
 * and a document without spaces is one word (40,000 letters took 0.4 s). Real compounds are shorter
 * ("kindercarnavalsoptochtvoorbereidingswerkzaamheden" has 49 letters).
 */
const MAX_COMPOUND = 64;

/**
 * The splitter of languages that write compounds as one word ("opzegtermijn", "Rechnungsbetrag"):
 * a word ending in a known word (a label's word) splits into the head and that word — unless the
 * head is one of the language's `prefixes`, which make another word, not a kind of the tail
 * ("verhuurder", the landlord, is no "huurder").
 */
export function compoundSplitter(prefixes: readonly string[] = []): (word: string, known: ReadonlySet<string>) => string[] {
    const notHeads = new Set(prefixes);
    return (word, known) => {
        const w = word.toLowerCase();
        if (w.length > MAX_COMPOUND) return [w];
        for (let i = MIN_PART; i <= w.length - MIN_PART - 1; i++) {
            const tail = w.slice(i);
            if (known.has(tail)) return notHeads.has(w.slice(0, i)) ? [w] : [w.slice(0, i), tail];
        }
        return [w];
    };
}

/** The splitter of languages that write compounds as separate words. */
export function noCompounds(word: string): string[] {
    return [word.toLowerCase()];
}
