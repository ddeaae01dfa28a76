// The playground's calls: the API's own extraction and edit routes, mounted under /panel/api with
// the browser session as principal. State-changing requests carry the page's CSRF token; the
// browser adds Origin.
export class PanelApiError extends Error {
    constructor(
        readonly status: number,
        readonly code: string,
        message: string,
        readonly details: Array<{ code: string; message: string }> = [],
    ) {
        super(message);
    }
}

function csrfToken(): string {
    return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

/** `seen` is given the answer's headers, an error's too (a Run's credit left, Svc-Credit-Reads). */
export async function postJson<T>(path: string, body: unknown, seen?: (headers: Headers) => void): Promise<T> {
    const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken(), accept: 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
        referrerPolicy: 'same-origin', // so the browser sends our Origin (docs/panel.md)
    });
    seen?.(response.headers);
    const data = (await response.json().catch(() => undefined)) as
        { error?: { code: string; message: string; details?: Array<{ code: string; message: string }> } } | undefined;
    if (!response.ok) {
        const e = data?.error;
        throw new PanelApiError(response.status, e?.code ?? 'error', e?.message ?? `The request failed (${response.status}).`, e?.details);
    }
    return data as T;
}

/** The members of an extraction an edit reads. */
export interface Extraction {
    document: string;
    schema: unknown;
    language: 'en' | 'nl';
    reference: string | null;
    options: unknown;
    session: string;
    revision: number;
    active_bundles: number[];
    usage: { reads: number; input_tokens: number };
    warnings: string[];
    response: ExtractionResponse;
}

export interface Mention {
    id: string;
    bundle: number;
    field: string;
    quote: string;
    start: number;
    end: number;
    value: unknown;
    p: number;
}

export interface Repair {
    withdraw: Array<{ bundle: number; mention: number }>;
    outcome?: Record<string, unknown>;
}

export interface ExtractionResponse {
    fields: Record<string, { status: string; value: unknown; confidence: number; mentions: string[] }>;
    components: Array<{
        id: string;
        conflicts: Array<{ kind: string; fields: string[]; relations: string[]; mentions: string[]; repairs: Repair[] }>;
    }>;
    mentions: Mention[];
}

export interface Preview {
    object: 'reconciliation_preview';
    impact: Record<string, { before: unknown; after: unknown }>;
    plan: string;
}

/** Runs an extraction; `credit` is told the account's reads left after it (on a 402 too) when the answer says. */
export function runExtraction(schema: unknown, document: string, language: string, credit?: (reads: number) => void): Promise<Extraction> {
    return postJson('/panel/api/v1/extractions', { schema, document, language }, (headers) => {
        const left = headers.get('svc-credit-reads');
        if (left !== null && /^\d+$/.test(left)) credit?.(Number(left));
    });
}

export function edit<T = Extraction>(x: Extraction, action: Record<string, unknown>): Promise<T> {
    const extraction = {
        document: x.document,
        schema: x.schema,
        language: x.language,
        reference: x.reference,
        options: x.options,
        session: x.session,
    };
    return postJson('/panel/api/v1/extractions/edit', { extraction, edit: action });
}
