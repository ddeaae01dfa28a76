// Fixtures of the edit tests: the conformance suite's invoices, compiled schemas, an engine whose
// reader counts its calls, and the members of an extraction an edit reads.
import { compileSchemaText, type CompiledSchema } from '@svc/compiler';
import type { ExtractionObject, ExtractionOptions, Language } from '../../src/engine-types.js';
import { Engine, extractionFromState } from '../../src/extraction-engine.js';
import type { Mention } from '../../src/grounding/mention-types.js';
import { parseQuote } from '../../src/parsers/quote-parser.js';
import { HeuristicReader } from '../../src/readers/heuristic-reader.js';
import type { Reader, ReaderCandidate, ReaderInput } from '../../src/readers/reader-types.js';
import type { StoredExtraction } from '../../src/edits/edit-types.js';
import type { SecretRing } from '../../src/session/secret-ring.js';
import { sessionBinding } from '../../src/session/session-payload.js';
import { firstPassPayload } from '../../src/session/session-state.js';

export function compile(schema: unknown): CompiledSchema {
    const r = compileSchemaText(JSON.stringify(schema));
    if (!r.ok || !r.schema) throw new Error(JSON.stringify(r.errors));
    return r.schema;
}

export const INVOICE = compile({
    svc_schema: '1.0',
    name: 'invoice',
    fields: [
        { name: 'invoice_number', type: 'string', pattern: 'INV-[0-9]{4}-[0-9]{4}' },
        { name: 'invoice_date', type: 'date' },
        { name: 'total', type: 'money', currency: 'EUR' },
    ],
});
export const SUM = compile({
    svc_schema: '1.0',
    name: 'amounts',
    fields: [
        { name: 'net', type: 'money', currency: 'EUR' },
        { name: 'vat', type: 'money', currency: 'EUR' },
        { name: 'total', type: 'money', currency: 'EUR' },
    ],
    relations: [{ id: 'sum', expr: 'total == net + vat' }],
});

export const INVOICE_EN = [
    'ACME Office Supplies Ltd',
    'Invoice number: INV-2024-0042',
    'Invoice date: 3 January 2024',
    'Total: EUR 1,234.56',
    'Thank you for your business.',
].join('\n');
export const EMOJI = '🧾 Café Zoë — naïve façade 😀👍🏽\n' + INVOICE_EN;
export const CONFLICT = [
    'Invoice number: INV-2024-0077',
    'Invoice date: 5 February 2024',
    'Total: EUR 1,234.56',
    '',
    'Payment is due within thirty days.',
    'Total: EUR 1,243.56',
].join('\n');
export const RELATION = ['Net: EUR 100.00', 'VAT: EUR 21.00', 'Total: EUR 121.00', 'Total: EUR 112.00'].join('\n');
export const OPTIONS: ExtractionOptions = { on_conflict: 'withhold', fallback: 'off' };

/** The heuristic reader, counting its calls (an edit must never make one). */
export class CountingReader implements Reader {
    readonly name = 'counting';
    calls = 0;
    private readonly inner = new HeuristicReader();

    read(input: ReaderInput): Promise<ReaderCandidate[]> {
        this.calls++;
        return this.inner.read(input);
    }
}

export type Extraction = ExtractionObject & { response: any };

export function makeEngine(secrets: SecretRing): { engine: Engine; reader: CountingReader } {
    const reader = new CountingReader();
    return { engine: new Engine({ reader, secrets, concurrency: 1 }), reader };
}

export async function extractWith(
    engine: Engine,
    document: string,
    schema: CompiledSchema,
    language: Language = 'en',
    reference: string | null = null,
): Promise<Extraction> {
    return (await engine.extract({ document, schema, language, reference, options: OPTIONS })) as Extraction;
}

/**
 * A first pass whose bundle 0 holds one mention per sighting `[field, code-point start, quote, p]`,
 * as no reader would propose them (each at its own span, p exactly as given), signed with `secrets`.
 */
export function firstPassOf(
    document: string,
    schema: CompiledSchema,
    sightings: ReadonlyArray<readonly [string, number, string, number]>,
    secrets: SecretRing,
): Extraction {
    const mentions: Mention[] = sightings.map(([name, start, quote, p], id) => {
        const field = schema.fields.find((f) => f.name === name)!;
        const parsed = parseQuote(field.type, quote, 'en');
        if (!parsed) throw new Error(`${quote} is no ${name}`);
        return { id, bundle: 0, field: field.id, start, end: start + [...quote].length, quote, p, parsed };
    });
    const request = { document, schema, language: 'en' as const, reference: null, options: OPTIONS };
    const binding = sessionBinding({ document, schemaHash: schema.schemaHash, language: 'en', options: OPTIONS, reference: null });
    const state = { request, mentions, payload: firstPassPayload(binding, mentions, 0), warnings: [], reads: 0, inputTokens: 0 };
    return extractionFromState(state, secrets) as Extraction;
}

/** The members an edit reads, from an extraction object, with the compiled schema. */
export function stored(ex: ExtractionObject, schema: CompiledSchema): StoredExtraction {
    return { document: ex.document, schema, language: ex.language, reference: ex.reference, options: ex.options, session: ex.session };
}

/** Code-point helpers (offsets in responses count code points). */
export const cpIndexOf = (s: string, needle: string, fromUtf16 = 0): number => {
    const i = s.indexOf(needle, fromUtf16);
    return i < 0 ? -1 : Array.from(s.slice(0, i)).length;
};

/** A schema of nullable string fields, as a user writes one without hints: `strings('tenant', 'landlord')`. */
export function strings(...names: string[]): CompiledSchema {
    return compile({ svc_schema: '1.0', name: 'strings', fields: names.map((name) => ({ name, type: 'string', nullable: true })) });
}
