// Readings (docs/extraction.md): a field's active mentions grouped by normalised value. Support is
// the noisy-or of the mentions' p — independent sightings of one value reinforce each other — and a
// reading below half of the field's strongest does not compete: it stays in `mentions` but neither
// takes the value nor makes a conflict.
import type { Value } from '@svc/compiler';
import type { Mention } from '../grounding/mention-types.js';
import type { JsonValue } from '../response/value-format.js';

/** At most this many competing readings per field enter the search (by total p). */
export const MAX_READINGS = 8;
export const COMPETING_SHARE = 0.5;
/**
 * How far below half of the strongest a reading may fall by rounding and still count as half
 * (relative). Noisy-or in floating point is off by a few units in the last place — 1 − (1 − 0.45)
 * is 0.44999999999999996 — so a reading of exactly half decided by the accident of its p: 0.45
 * against 0.9 did not compete, 0.4 against 0.8 did. The error of a noisy-or of 10,000 mentions
 * stays under 1e-12; a reading truly below half by less than a billionth of the strongest would
 * take p of more digits than any reader gives (thousandths) and several mentions.
 */
const HALF_TOLERANCE = 1e-9;

/** Whether a reading of `support` competes with the field's `strongest`: it is not below half of it. */
export function competes(support: number, strongest: number): boolean {
    return support >= COMPETING_SHARE * strongest * (1 - HALF_TOLERANCE);
}

export interface Reading {
    field: number;
    key: string;
    value: Value;
    json: JsonValue;
    /** In document order. */
    mentions: Mention[];
    /** Noisy-or of the mentions' p. */
    support: number;
    /** Sum of the mentions' p (orders readings for the bound). */
    totalP: number;
}

export interface FieldReadings {
    field: number;
    /** Every reading, strongest first. */
    all: Reading[];
    /** Competing readings, strongest first, at most MAX_READINGS. */
    competing: Reading[];
    /** Competing readings left out by the bound. */
    cut: number;
}

/** 1 − Π(1 − p). */
export function noisyOr(ps: Iterable<number>): number {
    let q = 1;
    for (const p of ps) q *= 1 - p;
    return 1 - q;
}

function compareReadings(a: Reading, b: Reading): number {
    return (
        b.totalP - a.totalP ||
        b.support - a.support ||
        a.mentions[0]!.start - b.mentions[0]!.start ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
    );
}

/** Readings of every field (index = field id) from the active mentions. */
export function groupReadings(fieldCount: number, mentions: readonly Mention[]): FieldReadings[] {
    const byField: Array<Map<string, Reading>> = Array.from({ length: fieldCount }, () => new Map());
    // Highest p seen per reading, so choosing the shown value stays linear in the mentions.
    const bestP = new Map<Reading, number>();
    const ordered = [...mentions].sort((a, b) => a.start - b.start || a.end - b.end || a.id - b.id);
    for (const m of ordered) {
        const map = byField[m.field]!;
        let r = map.get(m.parsed.key);
        if (!r) {
            r = { field: m.field, key: m.parsed.key, value: m.parsed.value, json: m.parsed.json, mentions: [], support: 0, totalP: 0 };
            map.set(m.parsed.key, r);
        }
        // The reading shows the value of its most confident mention (spellings of a name may differ).
        const best = bestP.get(r);
        if (best !== undefined && m.p > best) {
            r.value = m.parsed.value;
            r.json = m.parsed.json;
        }
        if (best === undefined || m.p > best) bestP.set(r, m.p);
        r.mentions.push(m);
        r.totalP += m.p;
    }
    return byField.map((map, field) => {
        const all = [...map.values()];
        for (const r of all) r.support = noisyOr(r.mentions.map((m) => m.p));
        all.sort(compareReadings);
        const strongest = all.reduce((s, r) => Math.max(s, r.support), 0);
        const competing = all.filter((r) => competes(r.support, strongest));
        return { field, all, competing: competing.slice(0, MAX_READINGS), cut: Math.max(0, competing.length - MAX_READINGS) };
    });
}
