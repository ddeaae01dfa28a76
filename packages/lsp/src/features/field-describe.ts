// Words for fields in completion details and hovers, read from the JSON (not from the compiled IR,
// so they are there while the schema has errors).
import { getMember, toPlain, type JsonNode, type JsonObject } from '@svc/compiler';
import type { FieldDecl } from '../documents/document-analysis.js';
import { codeSpan, markdownText } from './markdown-text.js';

function str(obj: JsonObject, key: string): string | undefined {
    const v = getMember(obj, key)?.value;
    return v?.kind === 'string' ? v.value : undefined;
}

/** `money(EUR)`, `enum('open' | 'paid')`, `duration(days)`, `array<date>`, `decimal(scale 2)`. */
export function typeLabel(obj: JsonObject): string {
    const type = str(obj, 'type');
    switch (type) {
        case undefined:
            return 'no type';
        case 'money':
            return `money(${str(obj, 'currency') ?? '?'})`;
        case 'duration':
            return `duration(${str(obj, 'basis') ?? '?'})`;
        case 'decimal': {
            const scale = getMember(obj, 'scale')?.value;
            return scale?.kind === 'number' ? `decimal(scale ${scale.raw})` : 'decimal';
        }
        case 'enum': {
            const labels = enumLabels(obj);
            return `enum(${labels.map((l) => `'${l}'`).join(' | ')})`;
        }
        case 'array': {
            const items = getMember(obj, 'items')?.value;
            return `array<${items?.kind === 'object' ? typeLabel(items) : '?'}>`;
        }
        default:
            return type;
    }
}

export function enumLabels(obj: JsonObject): string[] {
    const labels = getMember(obj, 'labels')?.value;
    if (labels?.kind !== 'array') return [];
    return labels.items.flatMap((l) => (l.kind === 'string' ? [l.value] : []));
}

function show(node: JsonNode): string {
    return node.kind === 'number' ? node.raw : JSON.stringify(toPlain(node));
}

/** Markdown for a field: name, type, and every other key as written; the schema's text never as markup. */
export function fieldMarkdown(f: FieldDecl): string {
    const lines = [`**${markdownText(f.name ?? '(unnamed)')}**: ${codeSpan(typeLabel(f.node))} (field ${f.index})`];
    const keys = f.node.members.filter((m) => !m.duplicate && m.key !== 'name' && m.key !== 'type' && m.key !== 'description');
    if (keys.length > 0) lines.push('', ...keys.map((m) => `- ${codeSpan(m.key)}: ${codeSpan(show(m.value))}`));
    const description = str(f.node, 'description');
    if (description) lines.push('', markdownText(description));
    return lines.join('\n');
}
