// A request body from text to a checked envelope (docs/runtime-server.md): the compiler's strict reader
// (positions, duplicates, exact numbers, depth before recursion), then JSON errors, then the body
// schema. The schema member is not judged here beyond being an object; its JSON errors travel on to
// the compiler, relative to the schema, so the API and `svc check` report them the same way.
import { getMember, readJson, toPlain, type Diagnostic, type JsonNode } from '@svc/compiler';
import { MESSAGES, invalidRequest } from '../http/api-errors.js';
import type { SchemaJson } from '../engine/schema-compiler.js';
import { listedMessage, type BodyValidator } from './body-validator.js';
import { SCHEMA_POINTER, type BodyKind } from './request-schemas.js';

/** The schema's 64 levels plus the members that hold it. */
const MAX_DEPTH: Record<BodyKind, number> = { validate: 65, extraction: 65, edit: 66 };

export interface CheckedBody {
    /** The body as plain JavaScript values (objects without prototypes). */
    plain: Record<string, unknown>;
    /** The body text the nodes' offsets count into. */
    text: string;
    schemaNode: JsonNode;
    schemaJson: SchemaJson;
}

export function readBody(text: string, kind: BodyKind, validator: BodyValidator): CheckedBody {
    const read = readJson(text, { maxDepth: MAX_DEPTH[kind] });
    const prefix = SCHEMA_POINTER[kind];
    const inSchema = (d: Diagnostic): boolean => d.pointer === prefix || d.pointer.startsWith(`${prefix}/`);
    const rebase = (d: Diagnostic): Diagnostic => ({ ...d, pointer: inSchema(d) ? d.pointer.slice(prefix.length) : '' });

    if (!read.root) throw invalidRequest(MESSAGES.invalidJson, read.diagnostics.map(rebase));
    const outside = read.diagnostics.filter((d) => !inSchema(d));
    if (outside.length > 0) throw invalidRequest(MESSAGES.invalidJson, outside.map(rebase));

    const plain = envelopeToPlain(read.root, prefix);
    const { details, total } = validator.problems(kind, plain);
    if (details.length > 0) {
        const fallback = details.some((d) => d.message === 'fallback unavailable');
        throw invalidRequest(
            listedMessage(fallback ? `${MESSAGES.invalidBody} (fallback unavailable)` : MESSAGES.invalidBody, total),
            details,
        );
    }

    let schemaNode: JsonNode = read.root;
    for (const key of prefix.slice(1).split('/')) {
        if (schemaNode.kind !== 'object') break;
        schemaNode = getMember(schemaNode, key)!.value; // present: the body schema requires it
    }
    const schemaJson: SchemaJson = { diagnostics: [], offsets: [] };
    read.diagnostics.forEach((d, i) => {
        schemaJson.diagnostics.push(rebase(d));
        schemaJson.offsets.push(read.offsets[i]!);
    });
    return { plain: plain as Record<string, unknown>, text, schemaNode, schemaJson };
}

/**
 * The body as plain values for the body schema, except that a schema object stays empty: the body
 * schema only asks that it be an object, and the compiler reads its nodes, so converting it (the
 * bulk of most bodies) would be wasted work.
 */
function envelopeToPlain(root: JsonNode, schemaPointer: string): unknown {
    const [first, ...rest] = schemaPointer.slice(1).split('/');
    const convert = (node: JsonNode, key: string | undefined, more: string[]): unknown => {
        if (node.kind !== 'object' || key === undefined) return toPlain(node);
        const out = Object.create(null) as Record<string, unknown>;
        for (const m of node.members) {
            if (m.duplicate) continue;
            if (m.key !== key) out[m.key] = toPlain(m.value);
            else if (more.length > 0) out[m.key] = convert(m.value, more[0], more.slice(1));
            else out[m.key] = m.value.kind === 'object' ? Object.create(null) : toPlain(m.value);
        }
        return out;
    };
    return convert(root, first, rest);
}
