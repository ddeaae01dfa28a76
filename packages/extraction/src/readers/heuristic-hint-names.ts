// Names a hint is part of ("... SDN BHD", "Kite Pharma, Inc.", "Woonstichting De Linde"): the
// line or block of lines around the hint that reads as a name, the name phrase ending with it, and
// the name a role hint stands under ("Jennifer Riley" over "Partner"). Split from
// heuristic-strings.ts, which reads the values labels point at.
import { withoutRegistration } from './heuristic-address.js';
import type { LabelHit } from './heuristic-labels.js';
import { trimValue } from './heuristic-lines.js';
import { nameAbove, namePhraseEndingWith } from './heuristic-names.js';
import type { Span } from './heuristic-spans.js';
import type { StringCandidate } from './heuristic-strings.js';
import type { WindowText } from './heuristic-text.js';

/** The proper-name phrase that ends with the hit (walking back over capitalised words). */
function namePhraseEndingAt(win: WindowText, hit: LabelHit): Span | undefined {
    return namePhraseEndingWith(win, win.wordAt(hit.start), hit.end);
}

function mostlyUpperOrTitle(s: string): boolean {
    const letters = s.replace(/[^\p{L}]/gu, '');
    if (letters.length < 2) return false;
    const upper = s.replace(/[^\p{Lu}]/gu, '').length;
    return (
        upper / letters.length > 0.6 ||
        s
            .split(/\s+/)
            .filter((w) => /^\p{L}/u.test(w))
            .every((w) => /^\p{Lu}/u.test(w))
    );
}

/** A line that reads as a name: short, in capitals or title case, one cell (no wide gap: "Voor X,      Opdrachtgever,"). */
function nameLine(text: string): boolean {
    const t = text.trim();
    return t.length > 0 && t.length <= 70 && mostlyUpperOrTitle(t) && !/[:@]|\s{3}|\t/.test(t) && (t.match(/\d/g)?.length ?? 0) <= 4;
}

function balance(text: string): number {
    return (text.match(/\(/g)?.length ?? 0) - (text.match(/\)/g)?.length ?? 0);
}

/**
 * The name a hint's line belongs to, as a block of lines: the line itself when it reads as a name,
 * joined with the lines before when it holds only the hint ("PASARAYA BORONG PINTAR" + "SDN BHD")
 * or when brackets open on one line and close on another ("ENTERPRISE (SETIA" + "ALAM) SDN BHD").
 */
function nameBlock(win: WindowText, hit: LabelHit, suffixes: readonly string[] = []): Span | undefined {
    const lineIndex = hit.line;
    const lines = win.lines;
    if (!nameLine(lines[lineIndex]!.text)) return undefined;
    let first = lineIndex;
    let last = lineIndex;
    const textOf = (a: number, b: number): string =>
        lines
            .slice(a, b + 1)
            .map((l) => l.text)
            .join(' ');
    for (let k = 0; k < 3; k++) {
        const block = textOf(first, last);
        const onlySuffix =
            first === lineIndex &&
            lines[first]!.text.replace(/[^\p{L}\p{N}]/gu, '').length <=
                win.text.slice(hit.start, hit.end).replace(/[^\p{L}\p{N}]/gu, '').length;
        // A name does not begin with its legal form ("ENTERPRISE (SETIA ALAM) SDN BHD", "CO. (M) SDN BHD"): its start is on the line above.
        const formFirst =
            /^(?:\p{Lu}{1,3}\.|\(\p{Lu}\))\s/u.test(block.trim()) ||
            suffixes.some((x) => block.trim().toUpperCase().startsWith(`${x.toUpperCase()} `));
        if (
            // A name broken after "&" continues the line above ("HOME MASTER HARDWARE &" / "ELECTRICAL SDN BHD").
            (balance(block) < 0 ||
                onlySuffix ||
                formFirst ||
                /^[)&,-]/.test(block.trim()) ||
                (first > 0 && /&$/.test(lines[first - 1]!.text.trim()))) &&
            first > 0 &&
            nameLine(lines[first - 1]!.text)
        )
            first--;
        else if ((balance(block) > 0 || /[&,(-]$/.test(block.trim())) && last + 1 < lines.length && nameLine(lines[last + 1]!.text)) last++;
        else break;
    }
    return trimValue(win.text, lines[first]!.start, lines[last]!.end);
}

/**
 * A hint that is part of the value ("... SDN BHD", "Kite Pharma, Inc."): the name around it. Only
 * where the hint is written as the schema writes it, or in capitals ("Inc.", "SDN BHD"; not the
 * "corporation" of "a Delaware corporation"); a hint in lower case ("by and between") is a label,
 * never part of a name. A role under a name labels that name instead (`nameAbove`).
 */
export function hintNameCandidates(
    win: WindowText,
    hit: LabelHit,
    lineText: string,
    suffixes: readonly string[],
    numbered: boolean,
): StringCandidate[] {
    const text = win.text;
    const asWritten =
        hit.source !== undefined &&
        /^\p{Lu}/u.test(hit.source) &&
        (text.startsWith(hit.source, hit.start) || text.startsWith(hit.source.toUpperCase(), hit.start));
    if (!asWritten) return [];
    const person = nameAbove(win, hit.start, hit.end);
    if (person) return [{ ...person, context: hit.weight * 0.75, hit }];
    if (numbered) return [];
    const out: StringCandidate[] = [];
    let block = nameBlock(win, hit, suffixes);
    // A salutation's block starts with the hint, which labels it ("Dear Ms Okafor,"): the name
    // is the rest. (A name may start with its hint too: "Woonstichting De Linde".)
    if (block && block.start === hit.start && block.end > hit.end && /,\s*$/.test(lineText)) block = trimValue(text, hit.end, block.end);
    // A name has a word of its own beside the hint: "6. Governing law" is a clause's heading.
    const named = (s: Span): boolean =>
        /\p{L}/u.test(text.slice(s.start, Math.max(s.start, hit.start)) + text.slice(Math.max(s.start, hit.end), s.end));
    if (block && !named(block)) block = undefined;
    if (block) out.push({ ...block, context: hit.weight * 0.75, hit });
    // The same name without the registration number written after it ("… SDN BHD (728515-N)").
    const bare = block && withoutRegistration(block.quote);
    if (block && bare && bare !== block.quote && bare.length > hit.end - hit.start)
        out.push({ start: block.start, end: block.start + bare.length, quote: bare, context: hit.weight * 0.8, hit });
    const phrase = namePhraseEndingAt(win, hit);
    // A shorter name inside the block is the same name cut short, not another reading.
    const inBlock = block && phrase && phrase.start >= block.start && phrase.end <= block.end;
    if (phrase && !inBlock && phrase.end - phrase.start > hit.end - hit.start + 1 && named(phrase))
        out.push({ ...phrase, context: hit.weight * 0.7, hit });
    return out;
}
