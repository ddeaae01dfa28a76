// Hits no hit of another field covers (split from heuristic-labels.ts): a hit inside a longer one
// of another field is not a label of its own.
import type { LabelHit } from './heuristic-labels.js';

/** The furthest end among hits seen, and the furthest of a field other than that one's. */
class FurthestEnds {
    private best = { end: -1, field: -1 };
    private other = { end: -1, field: -1 };

    add(end: number, field: number): void {
        if (field === this.best.field) this.best.end = Math.max(this.best.end, end);
        else if (end > this.best.end) [this.other, this.best] = [this.best, { end, field }];
        else if (end > this.other.end) this.other = { end, field };
    }

    /** The furthest end of a hit of another field than `field`. */
    of(field: number): number {
        return this.best.field !== field ? this.best.end : this.other.end;
    }
}

/**
 * The hits that no hit of another field covers: a hit inside a longer one (more words) of another
 * field is not a label of its own, nor is a compound's part where another field's label is the
 * whole word. One sweep in order of start keeps, per number of words, the furthest end of the hits
 * started so far (two fields' worth), so a hit's cover is found in as many steps as labels have
 * words: linear in the hits, however many a schema's hints put on one word.
 */
export function uncovered(all: LabelHit[], yesNo: ReadonlySet<number> = new Set()): LabelHit[] {
    all.sort((a, b) => a.start - b.start || b.end - a.end);
    // A yes-or-no field's label covers only another's of its kind: "Single person discount (25%)
    // -£608.50" still labels `discount`'s amount beside `single_person_discount`.
    const covers = [new Covers(), new Covers()];
    const covered = new Uint8Array(all.length);
    for (let i = 0; i < all.length;) {
        // Hits that start together may cover each other: all are seen before any is asked about.
        let j = i;
        for (; j < all.length && all[j]!.start === all[i]!.start; j++) {
            const h = all[j]!;
            if (h.slashed) continue;
            covers[0]!.add(h);
            if (!yesNo.has(h.field)) covers[1]!.add(h);
        }
        for (let k = i; k < j; k++) covered[k] = +covers[yesNo.has(all[k]!.field) ? 0 : 1]!.covers(all[k]!);
        i = j;
    }
    return all.filter((_, k) => !covered[k]);
}

/** The hits seen so far, per number of words and whole words apart, as far as they reach. */
class Covers {
    private readonly byLength: FurthestEnds[] = [];
    private readonly whole = new FurthestEnds();

    add(h: LabelHit): void {
        (this.byLength[h.length] ??= new FurthestEnds()).add(h.end, h.field);
        if (!h.compound) this.whole.add(h.end, h.field);
    }

    /** Whether a hit of another field with more words (or a whole word over a compound's part) covers `h`. */
    covers(h: LabelHit): boolean {
        if (h.compound === true && this.whole.of(h.field) >= h.end) return true;
        for (let n = h.length + 1; n < this.byLength.length; n++) if ((this.byLength[n]?.of(h.field) ?? -1) >= h.end) return true;
        return false;
    }
}
