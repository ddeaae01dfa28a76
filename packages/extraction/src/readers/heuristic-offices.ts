// A party's name before its registered office and its role (split from heuristic-parties.ts):
// "SAXON DOWNS WINE COMPANY LTD (company number 10288341) whose registered office is at The Winery,
// Steyning Road, Washington RH20 4AJ (the "Winery")" defines the name, not the address's last words.
import { wordsOf } from '../locale/locale-words.js';
import { namePhraseEndingWith } from './heuristic-names.js';
import type { Span } from './heuristic-spans.js';
import type { WindowText } from './heuristic-text.js';

/** Characters before a role's bracket read for the office's phrase, and before that phrase for a bracket. */
const OFFICE_REACH = 300;
const BRACKET_REACH = 120;

/** How an agreement introduces a party's address after its name (Dutch: "statutair gevestigd te"). */
const OFFICE =
    /\b(?:(?:whose|with\s+its|having\s+its)\s+(?:registered\s+)?(?:office|address|principal\s+place\s+of\s+business)\s+(?:is\s+)?(?:at|situated\s+at)|(?:statutair\s+)?gevestigd\s+(?:te|aan))\b/giu;

/**
 * Where the name a role's bracket defines ends, when the party's registered office stands between
 * them (a bracket with its number and a comma before the office skipped), or undefined. `head`: the
 * document's opening; `roleAt`: the role's bracket.
 */
function nameBeforeOffice(head: string, roleAt: number): number | undefined {
    const from = Math.max(0, roleAt - OFFICE_REACH);
    const before = head.slice(from, roleAt);
    let last: RegExpExecArray | undefined;
    for (const m of before.matchAll(OFFICE)) last = m;
    // (The office's address runs to the role: no other party's clause between.)
    if (!last || /;|\n[ \t]*\n/.test(before.slice(last.index + last[0].length))) return undefined;
    // The name ends before the office: spaces, a comma and a bracket with its number skipped, read
    // back character by character (a regex of two runs of spaces around a comma backtracks as the cube).
    let end = from + last.index;
    const back = (): void => {
        while (end > 0 && /[ \t\n]/.test(head[end - 1]!)) end--;
        if (head[end - 1] === ',') end--;
        while (end > 0 && /[ \t\n]/.test(head[end - 1]!)) end--;
    };
    back();
    if (head[end - 1] === ')') {
        const open = head.lastIndexOf('(', end - 1);
        if (open >= 0 && end - open <= BRACKET_REACH && !/[()\n]/.test(head.slice(open + 1, end - 1))) {
            end = open;
            back();
        }
    }
    return end;
}

/** The capitalised name before a party's registered office that the role's bracket at `at` defines (nameBeforeOffice). */
export function officeName(win: WindowText, at: number): Span | undefined {
    // (Once per window and bracket: every field that asks for a party asks again.)
    let seen = OFFICE_NAMES.get(win);
    if (!seen) OFFICE_NAMES.set(win, (seen = new Map()));
    if (!seen.has(at)) seen.set(at, readOfficeName(win, at));
    return seen.get(at);
}
const OFFICE_NAMES = new WeakMap<WindowText, Map<number, Span | undefined>>();

function readOfficeName(win: WindowText, at: number): Span | undefined {
    const end = nameBeforeOffice(win.text, at);
    if (end === undefined) return undefined;
    const last = win.wordAt(end) - 1;
    // (A legal form's last full stop ends the name too: "TJALMA INSTALLATIETECHNIEK B.V.".)
    const ends = last >= 0 && (win.words[last]!.end === end || (win.words[last]!.end === end - 1 && win.text[end - 1] === '.'));
    if (!ends || !win.words[last]!.capital) return undefined;
    const name = namePhraseEndingWith(win, last, end);
    if (!name || /\d/.test(name.quote)) return undefined;
    // Where a party is named: first, after a list's number or a bracket, or after "between" or "and"
    // (not "registered in" / "England and Wales", an apposition's place).
    const first = win.wordAt(name.start);
    if (first === 0) return name;
    const prev = win.words[first - 1]!;
    const boundary =
        /^\d{1,2}$/.test(prev.norm) ||
        /[(:;]|\n[ \t]*\n/.test(win.text.slice(prev.end, name.start)) ||
        wordsOf(win.locale, 'partyIntroducers').has(prev.norm) ||
        wordsOf(win.locale, 'listJoiners').has(prev.norm);
    return boundary ? name : undefined;
}
