// Rules both stores share for the panel's data, so SQLite and PostgreSQL answer alike.

/** The UTC day (YYYY-MM-DD) of an ISO time. */
export function utcDay(at: string): string {
    const t = Date.parse(at);
    if (Number.isNaN(t)) throw new RangeError(`not an ISO time: ${JSON.stringify(at)}`);
    return new Date(t).toISOString().slice(0, 10);
}

/** ISO time `ms` before `at`. */
export function isoBefore(at: string, ms: number): string {
    return new Date(Date.parse(at) - ms).toISOString();
}

// Rows kept only as long as anyone can ask about them: sign-in failures are counted over 15 minutes
// and sessions end after 7 days at most (docs/panel-store.md), so older rows are pruned on write.
export const LOGIN_FAILURE_RETENTION_MS = 86_400_000;
export const PANEL_SESSION_RETENTION_MS = 7 * 86_400_000;
