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

/** Reads a document with `by` as a test reads it (no reference, conflicts withheld, no fallback). */
async function read(by: Pick<Engine, 'extract'>, document: string, schema: CompiledSchema, language: Language): Promise<ReadResponse> {
    const options = { on_conflict: 'withhold', fallback: 'off' } as const;
    const ex = (await by.extract({ document, schema, language, reference: null, options })) as unknown as { response: ReadResponse };
    return ex.response;
}

/** The response of reading a document: its data and each field's status and confidence. */
export async function readResponse(document: string, schema: CompiledSchema, language: Language = 'en'): Promise<ReadResponse> {
    return read(engine, document, schema, language);
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
    return { data: (await read(collecting, document, schema, language)).data, candidates };
}
