// Stage 2 of the pipeline: the schema's structure. Produces the fields and relations that the
// expression stage needs, and the normalized schema (defaults filled in) for the hash.
import { childPointer } from '../diagnostics/diagnostic-types.js';
import type { DiagnosticSink } from '../diagnostics/diagnostic-sink.js';
import { didYouMean } from '../diagnostics/diagnostic-suggest.js';
import type { FieldType } from '../ir/ir-types.js';
import { getMember, type JsonNode, type JsonObject, type JsonString } from '../json/json-types.js';
import { checkFieldShape, checkText } from './field-checker.js';
import { kindName } from './json-kinds.js';
import { FIELD_NAME_RE, LIMITS, RELATION_KEYS, RESERVED_WORDS, TOP_KEYS } from './schema-keys.js';

export interface ExprSource {
    text: string;
    pointer: string;
    /** Offset of the JSON string node (for document order). */
    offset: number;
    node: JsonString;
}

export interface CheckedField {
    index: number;
    pointer: string;
    /** Undefined when the name is missing or malformed: expressions cannot refer to it. */
    name?: string;
    type?: FieldType;
    nullable: boolean;
    description?: string;
    hints: string[];
    applicableWhen?: ExprSource;
    normalized: Record<string, unknown>;
}

export interface CheckedRelation {
    index: number;
    pointer: string;
    id?: string;
    description?: string;
    expr?: ExprSource;
    normalized: Record<string, unknown>;
}

export interface CheckedSchema {
    name?: string;
    /**
     * False when `fields` is missing or not an array: no name can be judged then, so expressions
     * are not told a name is unknown (docs/compiler.md, "Fields that cannot be read").
     */
    fieldsRead: boolean;
    fields: CheckedField[];
    relations: CheckedRelation[];
    normalized: Record<string, unknown>;
}

/** Returns undefined when nothing past the structure can be judged (not an object, wrong version). */
export function checkSchema(root: JsonNode, sink: DiagnosticSink, maxFields: number): CheckedSchema | undefined {
    if (root.kind !== 'object') {
        sink.report('E-SCHEMA-TYPE', '', root.start, { subject: 'a schema', expected: 'an object', actual: kindName(root) });
        return undefined;
    }
    const version = getMember(root, 'svc_schema');
    if (!version) {
        sink.report('E-SCHEMA-MISSING-KEY', '', root.start, { key: 'svc_schema', where: 'the schema' });
    } else if (version.value.kind !== 'string') {
        sink.report('E-SCHEMA-TYPE', '/svc_schema', version.value.start, {
            subject: 'svc_schema',
            expected: 'the string "1.0"',
            actual: kindName(version.value),
        });
    } else if (version.value.value !== '1.0') {
        // Judged by the wrong rules everything else would be noise: report only this.
        sink.report('E-SCHEMA-VERSION', '/svc_schema', version.value.start, { version: JSON.stringify(version.value.value) });
        return undefined;
    }
    const normalized: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    normalized.svc_schema = '1.0';
    for (const m of root.members) {
        if (!m.duplicate && !TOP_KEYS.has(m.key))
            sink.report('E-SCHEMA-UNKNOWN-KEY', childPointer('', m.key), m.keyStart, {
                key: m.key,
                where: 'the schema',
                suggestion: didYouMean(m.key, TOP_KEYS),
            });
    }
    if (!getMember(root, 'name')) sink.report('E-SCHEMA-MISSING-KEY', '', root.start, { key: 'name', where: 'the schema' });
    const name = checkText(root, 'name', LIMITS.schemaName, '', sink, normalized, 1);
    checkText(root, 'description', LIMITS.schemaDescription, '', sink, normalized);

    const fields: CheckedField[] = [];
    const fm = getMember(root, 'fields');
    const fieldsRead = fm?.value.kind === 'array';
    if (!fm) {
        sink.report('E-SCHEMA-MISSING-KEY', '', root.start, { key: 'fields', where: 'the schema' });
    } else if (fm.value.kind !== 'array') {
        sink.report('E-SCHEMA-TYPE', '/fields', fm.value.start, { subject: 'fields', expected: 'an array', actual: kindName(fm.value) });
    } else {
        const n = fm.value.items.length;
        if (n < 1 || n > maxFields) sink.report('E-LIMIT', '/fields', fm.value.start, { form: 'fields', max: maxFields, n });
        // Over the limit only the first maxFields fields are checked: the limit bounds the work too.
        fm.value.items.forEach((item, i) => fields.push(i < maxFields ? checkField(item, i, sink) : uncheckedField(item, i)));
        // Expressions resolve a duplicated name to its first field.
        reportDuplicates(
            fields.slice(0, maxFields),
            fm.value.items,
            'name',
            (f) => f.name,
            sink,
            (f) => {
                f.name = undefined;
            },
        );
    }
    normalized.fields = fields.map((f) => f.normalized);

    const relations: CheckedRelation[] = [];
    const rm = getMember(root, 'relations');
    if (rm) {
        if (rm.value.kind !== 'array') {
            sink.report('E-SCHEMA-TYPE', '/relations', rm.value.start, {
                subject: 'relations',
                expected: 'an array',
                actual: kindName(rm.value),
            });
        } else {
            if (rm.value.items.length > LIMITS.relations) {
                sink.report('E-LIMIT', '/relations', rm.value.start, {
                    form: 'relations',
                    max: LIMITS.relations,
                    n: rm.value.items.length,
                });
            }
            rm.value.items.forEach((item, i) => relations.push(checkRelation(item, i, sink)));
            reportDuplicates(relations, rm.value.items, 'id', (r) => r.id, sink);
        }
    }
    normalized.relations = relations.map((r) => r.normalized);
    return { name, fieldsRead, fields, relations, normalized };
}

function checkField(node: JsonNode, index: number, sink: DiagnosticSink): CheckedField {
    const pointer = childPointer('/fields', index);
    if (node.kind !== 'object') {
        sink.report('E-SCHEMA-TYPE', pointer, node.start, { subject: 'a field', expected: 'an object', actual: kindName(node) });
        return { index, pointer, nullable: false, hints: [], normalized: {} };
    }
    const nameMember = getMember(node, 'name');
    let name: string | undefined;
    if (!nameMember) {
        sink.report('E-SCHEMA-MISSING-KEY', pointer, node.start, { key: 'name', where: 'this field' });
    } else if (nameMember.value.kind !== 'string') {
        sink.report('E-SCHEMA-TYPE', childPointer(pointer, 'name'), nameMember.value.start, {
            subject: 'name',
            expected: 'a string',
            actual: kindName(nameMember.value),
        });
    } else {
        const n = nameMember.value.value;
        const form = !FIELD_NAME_RE.test(n) ? (n.length > 64 ? 'long' : 'malformed') : RESERVED_WORDS.has(n) ? 'reserved' : undefined;
        if (form) sink.report('E-FIELD-NAME', childPointer(pointer, 'name'), nameMember.value.start, { form, name: n });
        else name = n;
    }
    const shape = checkFieldShape(node, pointer, 'field', sink);
    const normalized = shape.normalized;
    if (name !== undefined) normalized.name = name;
    const aw = getMember(node, 'applicable_when');
    let applicableWhen: ExprSource | undefined;
    if (aw) {
        const p = childPointer(pointer, 'applicable_when');
        if (aw.value.kind !== 'string')
            sink.report('E-SCHEMA-TYPE', p, aw.value.start, {
                subject: 'applicable_when',
                expected: 'an expression string',
                actual: kindName(aw.value),
            });
        else applicableWhen = { text: aw.value.value, pointer: p, offset: aw.value.start, node: aw.value };
    }
    const description = getMember(node, 'description');
    const hints = getMember(node, 'hints');
    return {
        index,
        pointer,
        name,
        type: shape.type,
        nullable: normalized.nullable === true,
        description: description?.value.kind === 'string' ? description.value.value : undefined,
        hints: hints?.value.kind === 'array' ? hints.value.items.flatMap((h) => (h.kind === 'string' ? [h.value] : [])) : [],
        applicableWhen,
        normalized,
    };
}

/**
 * A field past the limit, not checked: only its name, if well formed, so that an expression naming
 * it is not told the name is unknown. Without a type, expressions reading it are not judged.
 */
function uncheckedField(node: JsonNode, index: number): CheckedField {
    const field: CheckedField = { index, pointer: childPointer('/fields', index), nullable: false, hints: [], normalized: {} };
    const name = node.kind === 'object' ? getMember(node, 'name')?.value : undefined;
    if (name?.kind === 'string' && FIELD_NAME_RE.test(name.value) && !RESERVED_WORDS.has(name.value)) field.name = name.value;
    return field;
}

function checkRelation(node: JsonNode, index: number, sink: DiagnosticSink): CheckedRelation {
    const pointer = childPointer('/relations', index);
    const normalized: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    if (node.kind !== 'object') {
        sink.report('E-SCHEMA-TYPE', pointer, node.start, { subject: 'a relation', expected: 'an object', actual: kindName(node) });
        return { index, pointer, normalized };
    }
    for (const m of node.members) {
        if (!m.duplicate && !RELATION_KEYS.has(m.key))
            sink.report('E-SCHEMA-UNKNOWN-KEY', childPointer(pointer, m.key), m.keyStart, {
                key: m.key,
                where: 'a relation',
                suggestion: didYouMean(m.key, RELATION_KEYS),
            });
    }
    for (const key of ['id', 'expr']) {
        if (!getMember(node, key)) sink.report('E-SCHEMA-MISSING-KEY', pointer, node.start, { key, where: 'this relation' });
    }
    const id = checkText(node, 'id', LIMITS.relationId, pointer, sink, normalized, 1);
    const description = checkText(node, 'description', LIMITS.relationDescription, pointer, sink, normalized);
    const em = getMember(node, 'expr');
    let expr: ExprSource | undefined;
    if (em) {
        const p = childPointer(pointer, 'expr');
        if (em.value.kind !== 'string')
            sink.report('E-SCHEMA-TYPE', p, em.value.start, {
                subject: 'expr',
                expected: 'an expression string',
                actual: kindName(em.value),
            });
        else {
            expr = { text: em.value.value, pointer: p, offset: em.value.start, node: em.value };
            normalized.expr = em.value.value;
        }
    }
    return { index, pointer, id, description, expr, normalized };
}

/**
 * The later of two items with the same name (field) or id (relation) is reported at that member;
 * `onDuplicate` lets a caller forget the later one's name.
 */
function reportDuplicates<T extends { index: number; pointer: string }>(
    items: T[],
    nodes: JsonNode[],
    key: 'name' | 'id',
    nameOf: (item: T) => string | undefined,
    sink: DiagnosticSink,
    onDuplicate?: (item: T) => void,
): void {
    const first = new Map<string, number>();
    for (const item of items) {
        const name = nameOf(item);
        if (name === undefined) continue;
        const prior = first.get(name);
        if (prior === undefined) {
            first.set(name, item.index);
            continue;
        }
        const m = getMember(nodes[item.index] as JsonObject, key)!;
        if (key === 'name') sink.report('E-FIELD-DUP', childPointer(item.pointer, key), m.value.start, { name, first: prior });
        else sink.report('E-REL-DUP', childPointer(item.pointer, key), m.value.start, { id: name, first: prior });
        onDuplicate?.(item);
    }
}
