// What one POST /mcp may answer in all (docs/mcp.md). A batch of up to 100 tool calls is gathered and
// serialised on the event loop as one answer; 60 edits of a grown session in a 1 MB POST made a 31 MB
// answer, parsed and written again on the main thread. The REST bodies of one POST's tool calls share
// the budget one edit answer has (MAX_EDIT_ANSWER); a call whose answer does not fit gets the
// too-big error instead, and its text is never parsed.
import { MAX_EDIT_ANSWER } from '../pipeline/request-pipeline.js';
import type { V1Answer } from '../http/v1-dispatch.js';

/** Characters of REST bodies the tool calls of one POST /mcp may answer with. */
export const MAX_MCP_ANSWER = MAX_EDIT_ANSWER;

export class AnswerBudget {
    private used = 0;

    constructor(readonly limit: number = MAX_MCP_ANSWER) {}

    /**
     * Takes `answer` into the budget, or says it does not fit (nothing taken). A successful
     * extraction always fits: its reads are paid for already, so it is delivered and only uses up
     * the budget of the calls after it.
     */
    take(answer: V1Answer, paid: boolean): boolean {
        const n = answer.json.length;
        if (this.used + n > this.limit && !(paid && answer.status === 200)) return false;
        this.used += n;
        return true;
    }

    /** Characters taken so far. */
    get taken(): number {
        return this.used;
    }
}

/** The 400 a call gets when its answer would take its POST past the budget (`n`: the answer's size). */
export function batchTooBig(budget: AnswerBudget, n: number): V1Answer {
    const detail = {
        code: 'too_big',
        path: [],
        origin: 'string',
        maximum: budget.limit,
        inclusive: true,
        message:
            `this answer (${n} characters of JSON) and the ${budget.taken} before it in the same request would pass the ` +
            `${budget.limit} one request to /mcp may answer; send this call in a request of its own`,
    };
    const body = { error: { code: 'invalid_request', message: 'The answers of this request would be too large.', details: [detail] } };
    return { status: 400, json: JSON.stringify(body) };
}
