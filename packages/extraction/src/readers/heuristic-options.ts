// The options of an enum field a window proposes (split from heuristic-scorers.ts).
import type { Scored } from './heuristic-scorers.js';

/** The context of an option a form's label points at. */
const LABELLED_OPTION = 0.6;

/**
 * An option a label points at ("Pakket   Pechhulp Nederland + Europa") is the field's answer; the
 * window's unlabelled mentions of options ("Nederland" in an address, a heading) are no rivals of it.
 */
export function labelledOptions(out: Scored[]): Scored[] {
    // (A form's label, not a word of prose a sentence away: "maandelijkse betaling … via automatische incasso".)
    if (!out.some((s) => s.features.context! >= LABELLED_OPTION)) return out;
    return out.filter((s) => s.features.context! > 0);
}
