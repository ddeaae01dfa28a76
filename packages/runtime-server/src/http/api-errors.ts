// The one error body of docs/runtime-server.md: {"error": {"code", "message", "details"?}}. Handlers
// throw ApiError; the error handler is the only place that turns errors into responses, so no
// status or message is spelled twice and nothing internal leaks.

/** A validation detail (docs/runtime-server.md) or a compile diagnostic (docs/runtime-server.md). */
export interface ErrorDetail {
    code: string;
    message: string;
}

export class ApiError extends Error {
    /** Why, for the server's log only (a failed reading's upstream cause); never in the answer. */
    reason?: string;

    constructor(
        readonly status: number,
        readonly code: string,
        message: string,
        readonly details?: ErrorDetail[],
        readonly headers: Record<string, string> = {},
    ) {
        super(message);
    }

    body(): { error: { code: string; message: string; details?: ErrorDetail[] } } {
        const error: { code: string; message: string; details?: ErrorDetail[] } = { code: this.code, message: this.message };
        if (this.details !== undefined) error.details = this.details;
        return { error };
    }
}

// One message per cause, so clients (and attackers) learn nothing from the wording.
export const MESSAGES = {
    unauthorized: 'Invalid, expired or insufficiently scoped API key.',
    notFound: 'No such endpoint.',
    rateLimited: 'Rate limit reached; retry after 60 seconds.',
    invalidBody: 'The request body is invalid.',
    invalidJson: 'The request body is not valid JSON.',
    schemaInvalid: 'The schema does not compile.',
    insufficientCredit: 'Not enough credit for the reads this extraction needs.',
    internal: 'Unexpected failure on the service side.',
    upstream: 'The extraction service failed.',
    extractionUnavailable: 'The extraction service is unavailable; retry shortly.',
    compilerUnavailable: 'The compiler is unavailable; retry shortly.',
    editUnavailable: 'Editing is unavailable; retry shortly.',
    dependencyUnavailable: 'The database or the rate-limit store is unreachable; retry shortly.',
    notReady: 'Not ready: the database or the rate-limit store is unreachable.',
    busy: 'The service is busy; retry shortly.',
    tooLong: 'The request took too long to process; retry shortly.',
} as const;

export const unauthorized = (): ApiError => new ApiError(401, 'unauthorized', MESSAGES.unauthorized);
export const notFound = (): ApiError => new ApiError(404, 'not_found', MESSAGES.notFound);
export const rateLimited = (): ApiError => new ApiError(429, 'rate_limited', MESSAGES.rateLimited, undefined, { 'retry-after': '60' });
/**
 * The 429 of an address that has used its requests this minute: it closes the connection, so the
 * address must connect again for each further request (keep-alive only let it be refused faster).
 */
export const ipRateLimited = (): ApiError =>
    new ApiError(429, 'rate_limited', MESSAGES.rateLimited, undefined, { 'retry-after': '60', connection: 'close' });
export const internalError = (): ApiError => new ApiError(500, 'internal_error', MESSAGES.internal);
export const invalidRequest = (message: string, details?: ErrorDetail[]): ApiError =>
    new ApiError(400, 'invalid_request', message, details);
export const pipelineUnavailable = (message: string): ApiError => new ApiError(503, 'pipeline_unavailable', message);
