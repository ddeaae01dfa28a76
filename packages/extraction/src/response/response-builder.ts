// The `response` member (docs/runtime-server.md and docs/extraction.md) from a settlement. Mention
// ids are strings here and integers wherever a client sends them back (repairs' `withdraw`), so a
// repair can be posted unchanged.
import type { CompiledSchema } from '@svc/compiler';
import type { Mention } from '../grounding/mention-types.js';
import { noisyOr } from '../settling/settle-readings.js';
import type { Settlement } from '../settling/settle-extraction.js';
import type { FieldResolution } from '../settling/settle-resolve.js';
import type { JsonValue } from './value-format.js';

export interface ReconciliationRecord {
    revision: number;
    intent: string;
    withdraw: Array<{ bundle: number; mention: number }>;
    bundle: number | null;
}

/** Confidences and p are shown to six decimals: enough to compare, no float noise in JSON. */
function round(x: number): number {
    return Math.round(x * 1e6) / 1e6;
}

/** A field's value as `data` shows it (null when it has none). */
export function fieldValue(r: FieldResolution): JsonValue {
    if (r.status !== 'found') return null;
    if (r.elements) return r.elements.map((e) => e.json);
    return r.reading?.json ?? null;
}

function supporting(r: FieldResolution, fieldMentions: readonly Mention[]): Mention[] {
    if (r.status === 'found') return r.elements ? r.elements.flatMap((e) => e.mentions) : (r.reading?.mentions ?? []);
    if (r.status === 'conflict') return [...fieldMentions];
    return [];
}

export function buildResponse(
    schema: CompiledSchema,
    settlement: Settlement,
    mentions: readonly Mention[],
    reconciliations: readonly ReconciliationRecord[],
): Record<string, unknown> {
    const byField = new Map<number, Mention[]>(schema.fields.map((f) => [f.id, []]));
    for (const m of mentions) byField.get(m.field)?.push(m);
    const componentOf = new Map<number, string>();
    for (const c of settlement.components) for (const f of c.component.fields) componentOf.set(f, `c${c.component.index}`);
    const relationId = (i: number): string => schema.relations[i]!.id;
    const ids = (ms: readonly Mention[]): string[] => [...ms].sort((a, b) => a.id - b.id).map((m) => String(m.id));

    // Keyed by field names and relation ids, which the user chooses ("__proto__" is a valid name):
    // objects without a prototype, so every name is an ordinary key.
    const data = Object.create(null) as Record<string, JsonValue>;
    const fields = Object.create(null) as Record<string, unknown>;
    for (const f of schema.fields) {
        const r = settlement.fields[f.id]!;
        const value = fieldValue(r);
        const support = supporting(r, byField.get(f.id)!);
        data[f.name] = value;
        fields[f.name] = {
            status: r.status,
            value,
            mentions: ids(support),
            confidence: value === null ? 0 : round(noisyOr(support.map((m) => m.p))),
            component: componentOf.get(f.id)!,
            settled_by: r.settledBy.map(relationId),
        };
    }
    const components = settlement.components.map((c) => ({
        id: `c${c.component.index}`,
        fields: c.component.fields.map((f) => schema.fields[f]!.name),
        relations: c.component.relations.map(relationId),
        conflicts: c.conflicts.map((k) => ({
            kind: k.kind,
            fields: k.fields.map((f) => schema.fields[f]!.name),
            relations: k.relations.map(relationId),
            mentions: k.mentions.map(String),
            repairs: k.repairs,
        })),
    }));
    const relations = Object.create(null) as Record<string, string>;
    schema.relations.forEach((r, i) => (relations[r.id] = settlement.relations[i]!));
    return {
        svc_response: '1.0',
        schema_hash: schema.schemaHash,
        data,
        fields,
        components,
        mentions: [...mentions]
            .sort((a, b) => a.id - b.id)
            .map((m) => ({
                id: String(m.id),
                bundle: m.bundle,
                field: schema.fields[m.field]!.name,
                quote: m.quote,
                start: m.start,
                end: m.end,
                value: m.parsed.json,
                p: m.p,
            })),
        relations,
        reconciliations: reconciliations.map((r) => ({ ...r, withdraw: r.withdraw.map((w) => ({ ...w })) })),
    };
}
