// The response members `svc extract` shows, typed for its text and HTML outputs. Names chosen by the
// schema are looked up in Maps, never as plain-object keys (a field may be called `__proto__`).
import type { ExtractionObject } from '@svc/extraction';

export interface ViewMention {
    id: string;
    field: string;
    quote: string;
    start: number;
    end: number;
    value: unknown;
    p: number;
}
export interface ViewField {
    status: string;
    value: unknown;
    confidence: number;
    mentions: string[];
}
export interface ViewRepair {
    withdraw: Array<{ bundle: number; mention: number }>;
    outcome: Record<string, unknown>;
}
export interface ViewConflict {
    kind: string;
    fields: string[];
    relations: string[];
    mentions: string[];
    repairs: ViewRepair[];
}

export interface ExtractionView {
    fields: Array<[string, ViewField]>;
    mentions: Map<string, ViewMention>;
    conflicts: ViewConflict[];
}

export function viewOf(ex: ExtractionObject): ExtractionView {
    const r = ex.response as unknown as {
        fields: Record<string, ViewField>;
        mentions: ViewMention[];
        components: Array<{ conflicts: ViewConflict[] }>;
    };
    return {
        fields: Object.entries(r.fields),
        mentions: new Map(r.mentions.map((m) => [String(m.id), m])),
        conflicts: r.components.flatMap((c) => c.conflicts),
    };
}

/** A value as one line of text: strings plain, money as "12.50 EUR", arrays joined. */
export function valueText(v: unknown): string {
    if (v === null || v === undefined) return '—';
    if (typeof v === 'string') return v;
    if (Array.isArray(v)) return v.map(valueText).join(', ');
    if (typeof v === 'object' && 'amount' in v && 'currency' in v)
        return `${String((v as { amount: string }).amount)} ${String((v as { currency: string }).currency)}`;
    return JSON.stringify(v);
}

/**
 * A field's value as JSON text, except that characters JSON would escape as `\u001b` or `\n` are
 * left for visibleText to show as `\u{1B}`, the one form the text output uses for every control.
 */
export function valueJson(v: unknown): string {
    if (typeof v === 'string') return `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
    if (Array.isArray(v)) return `[${v.map(valueJson).join(',')}]`;
    if (v !== null && typeof v === 'object')
        return `{${Object.entries(v)
            .map(([k, x]) => `${valueJson(k)}:${valueJson(x)}`)
            .join(',')}}`;
    return JSON.stringify(v);
}

/** What a repair does, in words: the mentions it withdraws and the values that result. */
export function repairText(repair: ViewRepair, mentions: ReadonlyMap<string, ViewMention>): string {
    const withdrawn = repair.withdraw.map((w) => {
        const m = mentions.get(String(w.mention));
        return m ? `"${m.quote}" (${m.field})` : `mention ${w.mention}`;
    });
    const outcome = Object.entries(repair.outcome).map(([f, v]) => (v === null ? `${f} has no value` : `${f} = ${valueText(v)}`));
    return `withdraw ${withdrawn.join(', ')} → ${outcome.join(', ')}`;
}
