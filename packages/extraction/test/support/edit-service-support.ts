// The edit service under test, with one engine and secret ring, and the checks the edit suites share.
import { expect } from 'chai';
import { CodePointIndex } from '../../src/grounding/code-points.js';
import { createEditService } from '../../src/edits/edit-service.js';
import { EditRejectedError, type EditAction, type ReconciliationPreview, type StoredExtraction } from '../../src/edits/edit-types.js';
import { secretRingOf } from '../../src/session/secret-ring.js';
import { decodeSession } from '../../src/session/session-codec.js';
import { restoreMentions } from '../../src/session/session-state.js';
import { settle } from '../../src/settling/settle-extraction.js';
import { buildResponse } from '../../src/response/response-builder.js';
import { INVOICE, makeEngine, stored, type Extraction } from './edit-fixtures.js';

export const ring = secretRingOf(['edit-test-secret']);
export const { engine, reader } = makeEngine(ring);
export const service = createEditService({ secrets: ring, engine });

export async function edit(ex: Extraction, action: EditAction, schema = INVOICE): Promise<Extraction> {
    const out = await service.edit(stored(ex, schema), action);
    expect(out.object).to.equal('extraction');
    return out as Extraction;
}

export async function preview(ex: Extraction, action: EditAction, schema = INVOICE): Promise<ReconciliationPreview> {
    const out = await service.edit(stored(ex, schema), action);
    expect(out.object).to.equal('reconciliation_preview');
    return out as ReconciliationPreview;
}

/** The rejection of an edit: an EditRejectedError, never anything else. */
export async function rejected(s: StoredExtraction, action: EditAction, svc = service): Promise<EditRejectedError> {
    try {
        await svc.edit(s, action);
    } catch (e) {
        expect(e, String(e)).to.be.instanceOf(EditRejectedError);
        return e as EditRejectedError;
    }
    throw new Error('the edit was accepted');
}

export function detailAt(e: EditRejectedError, path: Array<string | number>): Record<string, unknown> {
    const d = (e.details ?? []).find((x) => JSON.stringify(x.path) === JSON.stringify(path));
    expect(d, `no detail at ${JSON.stringify(path)} in ${JSON.stringify(e.details)}`).to.be.an('object');
    expect(d!.message).to.be.a('string');
    expect(d!.code).to.be.a('string');
    return d!;
}

/** The response a first pass would give with the session's active mentions (replay check). */
export function replayed(ex: Extraction, schema = INVOICE): Record<string, unknown> {
    const d = decodeSession(ex.session, ring);
    if (!d.ok) throw new Error(d.reason);
    const r = restoreMentions(d.payload, schema, new CodePointIndex(ex.document), ex.language);
    if (!r.ok) throw new Error(r.reason);
    return buildResponse(schema, settle(schema, r.mentions), r.mentions, d.payload.reconciliations);
}
