// Cardinal numbers written as words, in English and Dutch, for durations ("thirty (30) days",
// "dertig dagen", "twee jaar") and integers. Only what documents write for counts: 0..999 (plus
// round hundreds); larger counts are always written in digits.

const EN_UNITS: Record<string, number> = {
    zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
    eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
    eighteen: 18, nineteen: 19,
};
const EN_TENS: Record<string, number> = {
    twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const NL_UNITS: Record<string, number> = {
    nul: 0, een: 1, één: 1, twee: 2, drie: 3, vier: 4, vijf: 5, zes: 6, zeven: 7, acht: 8, negen: 9,
    tien: 10, elf: 11, twaalf: 12, dertien: 13, veertien: 14, vijftien: 15, zestien: 16, zeventien: 17,
    achttien: 18, negentien: 19,
};
const NL_TENS: Record<string, number> = {
    twintig: 20, dertig: 30, veertig: 40, vijftig: 50, zestig: 60, zeventig: 70, tachtig: 80, negentig: 90,
};

function english(words: string): number | undefined {
    // "one hundred twenty-four", "twenty four", "a hundred"
    const parts = words.replace(/-/g, ' ').split(/\s+/).filter((w) => w !== 'and');
    if (parts.length === 0) return undefined;
    let total = 0;
    let current = 0;
    let seen = false;
    for (const w of parts) {
        if (w in EN_UNITS) {
            if (current % 10 !== 0 || (current > 0 && current < 20)) return undefined;
            current += EN_UNITS[w]!;
        } else if (w in EN_TENS) {
            if (current % 100 !== 0) return undefined;
            current += EN_TENS[w]!;
        } else if (w === 'hundred') {
            if (current >= 10) return undefined;
            current = (current || 1) * 100;
            total += current;
            current = 0;
        } else if ((w === 'a' || w === 'an') && !seen) {
            current = 1;
        } else return undefined;
        seen = true;
    }
    return total + current;
}

function dutchBelowHundred(w: string): number | undefined {
    if (w in NL_UNITS) return NL_UNITS[w];
    if (w in NL_TENS) return NL_TENS[w];
    // "vierentwintig", "eenendertig", "tweeëntwintig"
    const m = /^(een|één|twee|drie|vier|vijf|zes|zeven|acht|negen)(?:en|ën)(twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig)$/.exec(w);
    if (m) return NL_UNITS[m[1]!]! + NL_TENS[m[2]!]!;
    return undefined;
}

function dutch(words: string): number | undefined {
    const w = words.replace(/[\s-]+/g, '');
    if (w === '') return undefined;
    const below = dutchBelowHundred(w);
    if (below !== undefined) return below;
    // "honderd", "tweehonderd", "honderdvijftig"
    const m = /^(.*?)honderd(.*)$/.exec(w);
    if (!m) return undefined;
    const head = m[1] === '' ? 1 : dutchBelowHundred(m[1]!);
    const tail = m[2] === '' ? 0 : dutchBelowHundred(m[2]!.replace(/^en/, ''));
    if (head === undefined || tail === undefined || head > 9) return undefined;
    return head * 100 + tail;
}

/** The value of a number written in words, in either language, or undefined. */
export function numberFromWords(text: string): number | undefined {
    const w = text.trim().toLowerCase();
    if (w === '') return undefined;
    return english(w) ?? dutch(w);
}

/**
 * A regular-expression source matching one number written in words (either language), for the
 * recognisers that find such numbers in running text. Longest forms first.
 */
export const NUMBER_WORD_SOURCE = (() => {
    const enUnits = Object.keys(EN_UNITS).sort((a, b) => b.length - a.length).join('|');
    const enTens = Object.keys(EN_TENS).join('|');
    const nlUnits = Object.keys(NL_UNITS).sort((a, b) => b.length - a.length).join('|');
    const nlTens = Object.keys(NL_TENS).join('|');
    const en = `(?:(?:${enUnits}|a|an)\\s+hundred(?:\\s+(?:and\\s+)?(?:(?:${enTens})(?:[\\s-](?:${enUnits}))?|${enUnits}))?|(?:${enTens})(?:[\\s-](?:${enUnits}))?|${enUnits})`;
    const nl = `(?:(?:(?:een|twee|drie|vier|vijf|zes|zeven|acht|negen)?honderd)?(?:(?:een|één|twee|drie|vier|vijf|zes|zeven|acht|negen)(?:en|ën)(?:${nlTens})|${nlTens}|${nlUnits})|(?:een|twee|drie|vier|vijf|zes|zeven|acht|negen)?honderd)`;
    return `(?:${en}|${nl})`;
})();
