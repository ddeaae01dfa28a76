// The request and answer of an OpenAI-compatible `POST /v1/chat/completions` (OpenAI, vLLM,
// llama.cpp server, Ollama, LM Studio) with structured output: `response_format: {type:
// "json_schema", json_schema: {name, strict: true, schema}}`. Strict mode needs every property
// required and no additional ones, so a candidate is exactly {slot, quote, p}.
import type { ReaderCandidate, ReaderInput } from './reader-types.js';

const SYSTEM = [
    'You extract field values from one document.',
    'For each field, return the text that states its value, copied exactly from the document: the same characters, spelling, case and line breaks, nothing added or left out.',
    "Give p, your confidence that the quote is the field's value, strictly between 0 and 1.",
    'Return a field only when the document states it; for a list field return one candidate per element; if the document states a field in several places, you may return each.',
].join(' ');

export function candidateSchema(slots: readonly string[]): Record<string, unknown> {
    return {
        type: 'object',
        properties: {
            candidates: {
                type: 'array',
                items: {
                    type: 'object',
                    properties: {
                        slot: { type: 'string', enum: [...slots] },
                        quote: { type: 'string' },
                        p: { type: 'number' },
                    },
                    required: ['slot', 'quote', 'p'],
                    additionalProperties: false,
                },
            },
        },
        required: ['candidates'],
        additionalProperties: false,
    };
}

export function chatRequest(input: ReaderInput, model: string): Record<string, unknown> {
    const part = input.windows > 1 ? ` (part ${input.index + 1} of ${input.windows}; the parts overlap)` : '';
    return {
        model,
        temperature: 0,
        messages: [
            { role: 'system', content: SYSTEM },
            { role: 'user', content: `${input.rendering}\n\nDocument${part}:\n<<<\n${input.text}\n>>>` },
        ],
        response_format: {
            type: 'json_schema',
            json_schema: { name: 'candidates', strict: true, schema: candidateSchema(input.schema.fields.map((f) => f.name)) },
        },
    };
}

/**
 * A chat completion whose message carries these candidates, as an endpoint answers: what
 * `parseAnswer` reads (a stand-in for a model in tests and local trials).
 */
export function completionBody(candidates: readonly { slot: string; quote: string; p: number }[]): Record<string, unknown> {
    return {
        id: 'completion',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ candidates }) }, finish_reason: 'stop' }],
    };
}

/**
 * Candidates one answer may list: a window of about 4,000 tokens holds a few dozen values; an
 * answer listing thousands (a document that talked the model into it, an endpoint gone wrong) is
 * refused like any unusable answer rather than grounded one by one.
 */
export const MAX_ANSWER_CANDIDATES = 1_000;

/** Bytes an answer may have: an honest one is a few kilobytes. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export type AnswerCheck = { ok: true; candidates: ReaderCandidate[] } | { ok: false; reason: string };

/**
 * The candidates of a completion, or why the answer is unusable. A p of 1 or more (models like round
 * numbers) is moved just inside the interval, and one under 0.01 up to it; a p of 0 or less, or an
 * empty quote, is passed on as it is, for grounding to drop and count by reason like every other
 * candidate it drops (the response's warnings). Grounding then judges the quotes like any reader's.
 */
export function parseAnswer(body: unknown): AnswerCheck {
    const choice = (body as { choices?: Array<{ message?: { content?: unknown; refusal?: unknown } }> })?.choices?.[0];
    const content = choice?.message?.content;
    if (typeof content !== 'string') return { ok: false, reason: choice?.message?.refusal ? 'the model refused' : 'no message content' };
    let parsed: unknown;
    try {
        parsed = JSON.parse(content);
    } catch {
        return { ok: false, reason: 'the content is not JSON' };
    }
    const list = (parsed as { candidates?: unknown })?.candidates;
    if (!Array.isArray(list)) return { ok: false, reason: 'no candidates array' };
    if (list.length > MAX_ANSWER_CANDIDATES) return { ok: false, reason: `more than ${MAX_ANSWER_CANDIDATES} candidates` };
    const candidates: ReaderCandidate[] = [];
    for (const c of list) {
        const x = c as Record<string, unknown>;
        if (
            typeof x !== 'object' ||
            x === null ||
            typeof x.slot !== 'string' ||
            typeof x.quote !== 'string' ||
            typeof x.p !== 'number' ||
            !Number.isFinite(x.p)
        ) {
            return { ok: false, reason: 'a candidate is not {slot, quote, p}' };
        }
        candidates.push({ slot: x.slot, quote: x.quote, p: x.p > 0 ? Math.min(0.99, Math.max(0.01, x.p)) : x.p });
    }
    return { ok: true, candidates };
}
