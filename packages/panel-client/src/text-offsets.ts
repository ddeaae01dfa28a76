// Offsets between the interface's code points (mention offsets, an insert's `start`) and the UTF-16
// positions of the browser's strings and DOM ranges. They differ after every character outside the
// Basic Multilingual Plane (an emoji is one code point and two UTF-16 units).

/** UTF-16 position of each code-point offset of `text`, 0 to its length in code points. */
export function utf16Positions(text: string): number[] {
    const positions = [0];
    let at = 0;
    for (const c of text) positions.push((at += c.length));
    return positions;
}

/** The code points of `text` before UTF-16 position `utf16`. */
export function codePointsBefore(text: string, utf16: number): number {
    let n = 0;
    for (const _ of text.slice(0, utf16)) n++;
    return n;
}
