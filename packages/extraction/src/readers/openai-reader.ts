// The `openai` reader (docs/extraction.md). Failures map to the API's statuses: the endpoint
// unreachable, timing out, rate-limiting or failing with 5xx after the retries → ReaderUnavailableError
// (503 pipeline_unavailable, "retry shortly"); an answer that is not usable, another 4xx or a
// redirect (never followed) after one retry → ReaderFailedError (502 upstream_error). Retries back
// off exponentially. Requests go through undici's fetch with an Agent of the reader's own whose headers
// and body timeouts are off, so the configured timeout alone bounds an attempt, headers and body alike:
// Node's built-in fetch keeps undici's defaults of 300 s for each, which cut every longer
// SVC_OPENAI_TIMEOUT_MS to 300 s (and named the cut "cannot reach", not a timeout).
import type { CompiledSchema } from '@svc/compiler';
import { Agent, fetch, type Response } from 'undici';
import { ReaderFailedError, ReaderUnavailableError, type Language } from '../engine-types.js';
import type { WindowCandidates } from '../grounding/ground-candidates.js';
import { MAX_ANSWER_BYTES, chatRequest, parseAnswer } from './openai-protocol.js';
import { finalCalibration, finalTable } from './ranker-final.js';
import { calibrate, languageTable, shippedWeights, tableFor, type RankerWeights } from './ranker-model.js';
import type { Reader, ReaderCandidate, ReaderInput } from './reader-types.js';

export interface OpenAiConfig {
    /** Base URL including the version path, e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1. */
    baseUrl: string;
    model: string;
    apiKey?: string;
    timeoutMs: number;
    /** Attempts when the endpoint is unavailable (default 3). */
    attempts?: number;
    /** First backoff in milliseconds, doubled each retry (default 250). */
    backoffMs?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

type Attempt = { kind: 'answer'; body: unknown } | { kind: 'unavailable'; reason: string } | { kind: 'bad'; reason: string };

export class OpenAiReader implements Reader {
    readonly name = 'openai';

    private readonly weights: RankerWeights | null;
    /** Connections to the endpoint, without undici's own 300 s limits on headers and body (see above). */
    private readonly dispatcher: Agent;

    /**
     * `weights`: whose calibration table for this reader maps the model's p (default: the shipped
     * one, written by `npm run train -- --reader openai`; identity until then).
     */
    constructor(
        private readonly config: OpenAiConfig,
        weights?: RankerWeights | null,
    ) {
        this.weights = weights === undefined ? shippedWeights() : weights;
        this.dispatcher = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
    }

    private async attempt(body: string, signal?: AbortSignal): Promise<Attempt> {
        const url = `${this.config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
        const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
        if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
        const timeout = AbortSignal.timeout(this.config.timeoutMs);
        let res: Response;
        try {
            // A redirect is not followed: fetch would send the document on to wherever it points (another
            // host, http instead of https), and an OpenAI-compatible endpoint has no reason to redirect.
            res = await fetch(url, {
                method: 'POST',
                headers,
                body,
                redirect: 'manual',
                signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
                dispatcher: this.dispatcher,
            });
        } catch (e) {
            return {
                kind: 'unavailable',
                reason:
                    (e as Error).name === 'TimeoutError'
                        ? `no answer within ${this.config.timeoutMs} ms`
                        : `cannot reach ${url}: ${(e as Error).message}`,
            };
        }
        let text: string | undefined;
        try {
            text = await boundedText(res, MAX_ANSWER_BYTES);
        } catch (e) {
            return { kind: 'unavailable', reason: `the answer broke off: ${(e as Error).message}` };
        }
        if (text === undefined) return { kind: 'bad', reason: `the answer is over ${MAX_ANSWER_BYTES} bytes` };
        if (res.status >= 300 && res.status < 400)
            return {
                kind: 'bad',
                reason: `HTTP ${res.status}, a redirect (not followed; SVC_OPENAI_BASE_URL is to name the endpoint itself)`,
            };
        if (res.status === 429 || res.status >= 500) return { kind: 'unavailable', reason: `HTTP ${res.status}` };
        if (!res.ok) return { kind: 'bad', reason: `HTTP ${res.status}` };
        try {
            return { kind: 'answer', body: JSON.parse(text) };
        } catch {
            return { kind: 'bad', reason: 'the answer is not JSON' };
        }
    }

    /** The model's p through its calibration table, then its language's correction (ranker-model.ts). */
    private probability(p: number, language: string): number {
        const q = calibrate(p, tableFor(this.weights, this.name, 'all'));
        const correction = languageTable(this.weights, this.name, language);
        return correction ? calibrate(q, correction) : q;
    }

    /** Every value at its final confidence, as the heuristic reader's (ranker-final.ts; none fitted: as read). */
    across(document: string, schema: CompiledSchema, language: Language, windows: readonly WindowCandidates[]): WindowCandidates[] {
        return finalCalibration(document, schema, language, windows, finalTable(this.weights, this.name, language, document.length));
    }

    async read(input: ReaderInput, signal?: AbortSignal): Promise<ReaderCandidate[]> {
        const body = JSON.stringify(chatRequest(input, this.config.model));
        const attempts = this.config.attempts ?? 3;
        let backoff = this.config.backoffMs ?? 250;
        let unavailable = 0;
        let bad = 0;
        for (;;) {
            const a = await this.attempt(body, signal);
            // Stopped by the caller (its deadline): no retry, the caller's reason.
            signal?.throwIfAborted();
            if (a.kind === 'answer') {
                const check = parseAnswer(a.body);
                // The same calibration step as the heuristic reader's: the model's p as a probability,
                // then the document language's correction.
                // A p of 0 or less stays so: grounding drops and counts it (calibration would lift it).
                if (check.ok) return check.candidates.map((c) => (c.p > 0 ? { ...c, p: this.probability(c.p, input.language) } : c));
                if (++bad >= 2) throw new ReaderFailedError(`the model's answer is unusable: ${check.reason}`);
            } else if (a.kind === 'bad') {
                if (++bad >= 2) throw new ReaderFailedError(`the model endpoint failed: ${a.reason}`);
            } else {
                if (++unavailable >= attempts) throw new ReaderUnavailableError(`the model endpoint is unavailable: ${a.reason}`);
                await sleep(backoff);
                backoff *= 2;
            }
        }
    }
}

/** The body as text, or undefined once it passes `max` bytes (the rest is not read). */
async function boundedText(res: Response, max: number): Promise<string | undefined> {
    const declared = Number(res.headers.get('content-length'));
    if (declared > max) {
        await res.body?.cancel();
        return undefined;
    }
    if (!res.body) return '';
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > max) return undefined; // leaving the loop cancels the stream
        chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
}
