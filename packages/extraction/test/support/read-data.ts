// Reading a document written for a test with the embedded reader: the `data` member of the response.
import type { CompiledSchema } from '@svc/compiler';
import type { Language } from '../../src/engine-types.js';
import { createEngine } from '../../src/engine-module.js';
import { Engine } from '../../src/extraction-engine.js';
import { HeuristicReader } from '../../src/readers/heuristic-reader.js';
import { secretRingOf } from '../../src/session/secret-ring.js';

const engine = createEngine({ reader: 'heuristic', secrets: secretRingOf(['read-data-test']) });

export interface ReadResponse {
    data: Record<string, unknown>;
    fields: Record<string, { status: string; confidence: number }>;
}

/** The response of reading a document: its data and each field's status and confidence. */
export async function readResponse(document: string, schema: CompiledSchema, language: Language = 'en'): Promise<ReadResponse> {
    const ex = (await engine.extract({
        document,
        schema,
        language,
        reference: null,
        options: { on_conflict: 'withhold', fallback: 'off' },
    })) as unknown as { response: ReadResponse };
    return ex.response;
}

export async function readData(document: string, schema: CompiledSchema, language: Language = 'en'): Promise<Record<string, unknown>> {
    return (await readResponse(document, schema, language)).data;
}

/** One candidate the heuristic reader proposed, as its ranker saw it. */
export interface ReadCandidate {
    field: string;
    quote: string;
    at: number;
    features: Record<string, number | undefined>;
}

/** The data of reading a document and every candidate the heuristic reader proposed on the way. */
export async function readCandidates(
    document: string,
    schema: CompiledSchema,
    language: Language = 'en',
): Promise<{ data: Record<string, unknown>; candidates: ReadCandidate[] }> {
    const candidates: ReadCandidate[] = [];
    const reader = new HeuristicReader({
        collect: (c) => candidates.push({ field: c.field, quote: c.quote, at: c.at, features: c.features as ReadCandidate['features'] }),
    });
    const collecting = new Engine({ reader, secrets: secretRingOf(['read-data-test']), concurrency: 1 });
    const ex = (await collecting.extract({
        document,
        schema,
        language,
        reference: null,
        options: { on_conflict: 'withhold', fallback: 'off' },
    })) as unknown as { response: ReadResponse };
    return { data: ex.response.data, candidates };
}
