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
export function uncovered(all: LabelHit[]): LabelHit[] {
    all.sort((a, b) => a.start - b.start || b.end - a.end);
    const byLength: FurthestEnds[] = [];
    const whole = new FurthestEnds();
    const covered = new Uint8Array(all.length);
    for (let i = 0; i < all.length;) {
        // Hits that start together may cover each other: all are seen before any is asked about.
        let j = i;
        for (; j < all.length && all[j]!.start === all[i]!.start; j++) {
            const h = all[j]!;
            if (h.slashed) continue;
            (byLength[h.length] ??= new FurthestEnds()).add(h.end, h.field);
            if (!h.compound) whole.add(h.end, h.field);
        }
        for (let k = i; k < j; k++) {
            const h = all[k]!;
            let cover = h.compound === true && whole.of(h.field) >= h.end;
            for (let n = h.length + 1; !cover && n < byLength.length; n++) cover = (byLength[n]?.of(h.field) ?? -1) >= h.end;
            covered[k] = +cover;
        }
        i = j;
    }
    return all.filter((_, k) => !covered[k]);
}
