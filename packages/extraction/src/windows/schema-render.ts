// The reader's rendering of the schema: the part of every window that is not document (docs/extraction.md,
// windows). Both readers see the same text, so the window plan — and so `usage.reads` and the
// credit charged — does not depend on which reader is configured.
import type { CompiledField, CompiledSchema, FieldType } from '@svc/compiler';
import { formatValue } from '../response/value-format.js';

function typeText(type: FieldType): string {
    switch (type.kind) {
        case 'string':
            return type.pattern === undefined ? 'string' : `string matching /${type.pattern}/`;
        case 'decimal':
            return type.scale === undefined ? 'decimal' : `decimal with ${type.scale} decimals`;
        case 'money':
            return `money in ${type.currency}`;
        case 'date':
        case 'datetime':
            return type.dateOrder === 'auto' ? type.kind : `${type.kind} (numeric dates ${type.dateOrder})`;
        case 'duration':
            return `duration in ${type.basis}`;
        case 'enum': {
            const labels = type.labels.map((l) => {
                const aliases = type.aliases[l] ?? [];
                return aliases.length
                    ? `${JSON.stringify(l)} (also ${aliases.map((a) => JSON.stringify(a)).join(', ')})`
                    : JSON.stringify(l);
            });
            return `one of ${labels.join(', ')}`;
        }
        case 'array':
            return `list of ${typeText(type.items)}`;
        default:
            return type.kind;
    }
}

function bounds(type: FieldType): string {
    if (type.kind === 'array' || !('min' in type || 'max' in type)) return '';
    const t = type as FieldType & { min?: unknown; max?: unknown };
    const show = (v: unknown): string => {
        if (v === undefined) return '';
        const f = formatValue(type as Exclude<FieldType, { kind: 'array' }>, v as never);
        return typeof f === 'object' && f !== null && 'amount' in f ? f.amount : String(f);
    };
    const parts: string[] = [];
    if (t.min !== undefined) parts.push(`at least ${show(t.min)}`);
    if (t.max !== undefined) parts.push(`at most ${show(t.max)}`);
    return parts.length ? `, ${parts.join(', ')}` : '';
}

function fieldLine(f: CompiledField): string {
    let line = `- ${f.name}: ${typeText(f.type)}${bounds(f.type)}`;
    if (f.description) line += `. ${f.description}`;
    if (f.hints.length) line += ` Labels: ${f.hints.map((h) => JSON.stringify(h)).join(', ')}.`;
    return line;
}

/** The schema as the reader is shown it: one line per field. */
export function renderSchema(schema: CompiledSchema): string {
    const head = `Extract these fields from the document below (${schema.name}). Quote each value exactly as it is written.`;
    return [head, ...schema.fields.map(fieldLine)].join('\n');
}
