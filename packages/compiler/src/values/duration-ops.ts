// ISO 8601 durations, each held as an integer count of one basis (docs/schema-language.md): days
// (D, W = 7 days), months (Y = 12, M) or seconds (H = 3600, M after T = 60, S). Months and days
// cannot be converted into each other, so a literal that mixes bases has no single value.
import type { DurationBasis } from './value-types.js';

export type DurationParse =
    | { ok: true; basis: DurationBasis; amount: number }
    /** mixed: components of more than one basis; syntax: not an ISO 8601 duration of this form;
     *  range: well-formed but the count exceeds 2^53 − 1. */
    | { ok: false; reason: 'mixed' | 'syntax' | 'range' };

const DURATION = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:(T)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

// Capture group → [basis, factor to the basis unit].
const COMPONENTS: ReadonlyArray<readonly [number, DurationBasis, number]> = [
    [2, 'months', 12], // Y
    [3, 'months', 1], // M
    [4, 'days', 7], // W
    [5, 'days', 1], // D
    [7, 'seconds', 3600], // H
    [8, 'seconds', 60], // M (after T)
    [9, 'seconds', 1], // S
];

/**
 * `[-]P[nY][nM][nW][nD][T[nH][nM][nS]]` with non-negative integer components (leading zeros
 * allowed), at least one component, `T` only when a time component follows, uppercase designators.
 * The leading `-` (not ISO 8601 proper) lets computed negative durations round-trip.
 */
export function parseDuration(text: string): DurationParse {
    const m = DURATION.exec(text);
    if (!m) return { ok: false, reason: 'syntax' };
    if (m[6] !== undefined && m[7] === undefined && m[8] === undefined && m[9] === undefined) return { ok: false, reason: 'syntax' };
    let basis: DurationBasis | undefined;
    let amount = 0;
    let mixed = false;
    for (const [group, b, factor] of COMPONENTS) {
        const digits = m[group];
        if (digits === undefined) continue;
        if (basis !== undefined && basis !== b) mixed = true;
        basis = b;
        amount += Number(digits) * factor;
    }
    if (basis === undefined) return { ok: false, reason: 'syntax' };
    if (mixed) return { ok: false, reason: 'mixed' };
    if (!Number.isSafeInteger(amount)) return { ok: false, reason: 'range' };
    return { ok: true, basis, amount: m[1] === '-' && amount !== 0 ? -amount : amount };
}

/** The canonical text of a count in its basis: "P30D", "P18M", "PT3600S"; negative: "-P5D". */
export function formatDuration(basis: DurationBasis, amount: number): string {
    const sign = amount < 0 ? '-' : '';
    const n = Math.abs(amount);
    switch (basis) {
        case 'days':
            return `${sign}P${n}D`;
        case 'months':
            return `${sign}P${n}M`;
        case 'seconds':
            return `${sign}PT${n}S`;
    }
}
