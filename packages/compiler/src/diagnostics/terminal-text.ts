// Text of a schema shown on a terminal (`svc check`, `svc extract`): what a schema says is quoted
// into messages, pointers and source lines, and a schema is untrusted input. Control characters
// would drive the terminal (ESC clears the screen, recolours, retitles the window; CR overwrites
// the line), and bidi overrides, isolates and zero-width characters make the text read otherwise
// than it is (Trojan Source). Each such character is shown by its code point instead, `\u{1B}`, in
// the hex the JSON reader names characters with (U+001B). `--json` keeps the exact text.

/**
 * C0 controls (tab, CR and LF included), DEL, C1 controls, the bidi formatting characters (U+061C,
 * U+200E–200F, U+202A–202E, U+2066–2069), zero-width space and joiners (U+200B–200D), the line
 * and paragraph separators (U+2028–2029), U+FEFF, and a lone half of a surrogate pair.
 */
const INVISIBLE =
    // eslint-disable-next-line no-control-regex -- control characters are what this finds
    /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const EMOJI_BEFORE = /\p{Extended_Pictographic}(?:\ufe0f|\p{Emoji_Modifier})?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

/** `text` with every invisible or terminal-controlling character written `\u{HEX}`. */
export function visibleText(text: string): string {
    return text.replace(INVISIBLE, (c, at: number) => {
        // A zero-width joiner between two emoji joins them into one (👩‍💻); anywhere else it hides.
        if (c === '\u200d' && EMOJI_BEFORE.test(text.slice(Math.max(0, at - 4), at)) && EMOJI_AFTER.test(text.slice(at + 1, at + 3)))
            return c;
        return `\\u{${c.charCodeAt(0).toString(16).toUpperCase()}}`;
    });
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Combining marks and format characters: drawn on the character before them. */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]/u;
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\ufe0f/u;

/**
 * East Asian Wide and Fullwidth (Unicode's EastAsianWidth W and F) outside the emoji, which
 * `Emoji_Presentation` finds: Hangul Jamo, CJK and its punctuation, kana, Hangul syllables, Yi,
 * fullwidth forms, Tangut, Nüshu, CJK extensions. JavaScript has no property for the width.
 */
const WIDE: ReadonlyArray<readonly [number, number]> = [
    [0x1100, 0x115f],
    [0x2329, 0x232a],
    [0x2e80, 0x303e],
    [0x3041, 0x33ff],
    [0x3400, 0x4dbf],
    [0x4e00, 0x9fff],
    [0xa000, 0xa4cf],
    [0xa960, 0xa97f],
    [0xac00, 0xd7a3],
    [0xf900, 0xfaff],
    [0xfe10, 0xfe19],
    [0xfe30, 0xfe6f],
    [0xff00, 0xff60],
    [0xffe0, 0xffe6],
    [0x16fe0, 0x16fe4],
    [0x16ff0, 0x16ff1],
    [0x17000, 0x18cd5],
    [0x18d00, 0x18d08],
    [0x1aff0, 0x1b2fb],
    [0x1f200, 0x1f265],
    [0x20000, 0x2fffd],
    [0x30000, 0x3fffd],
];

function isWide(cp: number): boolean {
    let lo = 0;
    let hi = WIDE.length - 1;
    while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const [a, b] = WIDE[mid]!;
        if (cp < a) hi = mid - 1;
        else if (cp > b) lo = mid + 1;
        else return true;
    }
    return false;
}

/**
 * Columns a terminal gives `text` (shown with visibleText first: no control characters), so a
 * caret lines up under its span: per grapheme cluster (a letter with its combining accents is one
 * column, an emoji sequence two), 2 for emoji and East Asian Wide or Fullwidth characters, 0 for a
 * cluster that is only a combining mark or a format character, else 1. Written here because no
 * width library is a dependency; terminals disagree on ambiguous-width characters, which count 1.
 */
export function displayWidth(text: string): number {
    if (/^[\x20-\x7e]*$/.test(text)) return text.length;
    let width = 0;
    for (const { segment } of graphemes.segment(text)) {
        if (ZERO_WIDTH.test(segment)) continue;
        width += EMOJI.test(segment) || isWide(segment.codePointAt(0)!) ? 2 : 1;
    }
    return width;
}
