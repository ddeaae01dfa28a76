// The calibration's last step (docs/extraction.md, "Final step"): the confidence a field reports is
// the noisy-or of its value's mentions (the service contract), and what the scorer and a client
// read is that confidence, not one mention's p. Once every window was read, a reader maps each
// value's support — the noisy-or settling will compute — through its language's final table
// (`final:<code>`, histogram bins fitted by `npm run train` on exactly that population: the
// confidence each reported value of the tuning half showed) and rescales the value's candidates so
// that their noisy-or is the table's reading: p' = 1 − (1 − p)^k with one k per value. Settling's
// outcome is kept: the strongest value stays the strongest, a rival that competed (support at least
// half of the strongest) still competes, one that did not still does not.
import type { CompiledSchema } from '@svc/compiler';
import type { Language } from '../engine-types.js';
import type { WindowCandidates } from '../grounding/ground-candidates.js';
import { COMPETING_SHARE } from '../settling/settle-readings.js';
import { quoteKeys, type QuoteKey } from './quote-keys.js';
import { calibrate, type CalibrationTable, type RankerWeights } from './ranker-model.js';

/**
 * Documents of one page (a receipt, an invoice) and of several (an agreement, a ruling) are right at
 * different rates at the same support (each kind's values were miscalibrated by one table pooled
 * over both): the final tables are fitted apart when the tuning data hold enough of each.
 */
export function documentSize(weights: RankerWeights | null, length: number): 'long' | 'short' | undefined {
    const split = weights?.finalSplit;
    return split ? (length > split ? 'long' : 'short') : undefined;
}

/** A reader's final table for documents of one language and size, else of the language (none: confidences as read). */
export function finalTable(weights: RankerWeights | null, reader: string, language: string, length = 0): CalibrationTable | undefined {
    const t = weights?.calibration[reader];
    if (t === undefined || Array.isArray(t)) return undefined;
    const tables = t as Partial<Record<string, CalibrationTable>>;
    const size = documentSize(weights, length);
    return (size && tables[`final:${language}:${size}`]) || tables[`final:${language}`];
}

/** Rivals are kept this far from half of the strongest (p is rounded to thousandths). */
const MARGIN = 0.02;

/**
 * The final confidence of each value of one field, from the supports settling will see: the table's
 * reading of the strongest value and of every value that competes with it (kept between half of
 * the strongest and the strongest); a value that does not compete keeps its support, lowered under
 * half of the strongest's new one if need be.
 */
export function finalTargets(supports: ReadonlyMap<string, number>, table: CalibrationTable): Map<string, number> {
    let strongest = 0;
    for (const s of supports.values()) strongest = Math.max(strongest, s);
    const top = calibrate(strongest, table);
    const out = new Map<string, number>();
    let first = true;
    for (const [key, s] of supports) {
        if (s >= strongest && first) {
            first = false;
            out.set(key, top);
        } else if (s >= COMPETING_SHARE * strongest)
            out.set(key, Math.min(top, Math.max(calibrate(s, table), COMPETING_SHARE * top * (1 + MARGIN))));
        else out.set(key, Math.min(s, COMPETING_SHARE * top * (1 - MARGIN)));
    }
    return out;
}

/** p such that candidates of support `from`, each raised this way, have support `to`. */
export function rescaled(p: number, from: number, to: number): number {
    if (from <= 0 || from >= 1 || to === from) return p;
    const k = Math.log1p(-to) / Math.log1p(-from);
    return Math.min(0.999, Math.max(0.001, Math.round((1 - Math.pow(1 - p, k)) * 1000) / 1000));
}

/** Per single-valued field and value: its support as grounding and settling will compute it. */
function supportsOf(document: string, windows: readonly WindowCandidates[], keyOf: QuoteKey): Map<string, Map<string, number>> {
    // Overlapping windows read the same span twice: one mention, the higher p (grounding).
    const spans = new Map<string, Map<string, Map<number, number>>>();
    for (const w of windows)
        for (const c of w.candidates) {
            if (!(c.p > 0 && c.p < 1)) continue;
            const key = keyOf(c.slot, c.quote);
            const at = c.at !== undefined ? w.start + c.at : document.indexOf(c.quote, w.start);
            if (key === undefined || at < 0) continue;
            const byValue = spans.get(c.slot) ?? spans.set(c.slot, new Map()).get(c.slot)!;
            const bySpan = byValue.get(key) ?? byValue.set(key, new Map()).get(key)!;
            bySpan.set(at, Math.max(bySpan.get(at) ?? 0, c.p));
        }
    const out = new Map<string, Map<string, number>>();
    for (const [slot, byValue] of spans) {
        const supports = new Map<string, number>();
        for (const [key, bySpan] of byValue) supports.set(key, 1 - [...bySpan.values()].reduce((q, p) => q * (1 - p), 1));
        out.set(slot, supports);
    }
    return out;
}

/**
 * The windows' candidates with every single-valued field's values at their final confidence (see
 * above); without a table, as read. Lists keep their p: the scorer's calibration is over single values.
 */
export function finalCalibration(
    document: string,
    schema: CompiledSchema,
    language: Language,
    windows: readonly WindowCandidates[],
    table: CalibrationTable | undefined,
    keyOf: QuoteKey = quoteKeys(schema, language),
): WindowCandidates[] {
    if (!table?.length) return [...windows];
    const supports = supportsOf(document, windows, keyOf);
    const targets = new Map([...supports].map(([slot, s]) => [slot, finalTargets(s, table)]));
    return windows.map((w) => ({
        ...w,
        candidates: w.candidates.map((c) => {
            const bySlot = supports.get(c.slot);
            if (!bySlot || !(c.p > 0 && c.p < 1)) return c;
            const key = keyOf(c.slot, c.quote);
            const from = key === undefined ? undefined : bySlot.get(key);
            if (from === undefined) return c;
            return { ...c, p: rescaled(c.p, from, targets.get(c.slot)!.get(key!)!) };
        }),
    }));
}
