// Credit reservations on PostgreSQL (docs/deploy.md, "Credit reservations"). A reservation is a row of
// credit_reservations while it is open (outcome NULL). Settling deletes it; reconciliation does not:
// it marks it `refunded` (reads moved to closed_reads, reads 0), so a settlement that arrives later
// knows to charge again, once. Every step is a statement that a retry may repeat: a settlement whose
// answer was lost (the client timed out, the server committed) finds the row gone or already closed
// and charges nothing. Closed rows are forgotten a day after they closed. Rows of open reservations
// keep `reads`, and closed ones hold 0, so a server of an earlier version, which deletes and refunds
// rows by `reads`, never refunds a closed one again.
import type { NewReservation, Settlement } from './store-types.js';
import { utcDay } from './panel-store-support.js';
import type { PgPool } from './pg-pool.js';

/** Deletes the open reservation, refunds what was not used and records the used reads. */
const SETTLE_OPEN = `WITH r AS (DELETE FROM credit_reservations WHERE id = $1 AND outcome IS NULL
        RETURNING account_id, reads, least(greatest($2::bigint, 0), reads) AS used),
    refund AS (UPDATE accounts a SET credit_reads = a.credit_reads + (r.reads - r.used) FROM r WHERE a.id = r.account_id AND r.reads > r.used RETURNING 1),
    usage AS (INSERT INTO usage_daily (account_id, day, reads) SELECT account_id, $3::date, used FROM r WHERE used > 0
        ON CONFLICT (account_id, day) DO UPDATE SET reads = usage_daily.reads + excluded.reads RETURNING 1)
    SELECT count(*)::int AS n, coalesce(sum(used), 0)::int AS used FROM r`;

/**
 * No open row: a reservation that reconciliation refunded is charged again (when the credit is
 * there) and marked `recharged`, in one statement, so only one of several retries charges. The
 * UPDATE's `outcome = 'refunded'` is checked again on the row's latest version when it waits for
 * another transaction, so two retries at once charge once. No row at all: the reservation was
 * settled already, or its opening statement has not arrived (it timed out on the client, and this
 * settles it with 0 reads to give the credit back): a `cancelled` row under its id makes that
 * statement fail on the primary key should it arrive later, so it never takes the credit.
 */
const SETTLE_CLOSED = `WITH prior AS (SELECT coalesce(outcome, 'open') AS outcome FROM credit_reservations WHERE id = $1),
    again AS (UPDATE credit_reservations SET outcome = 'recharged', closed_at = now() WHERE id = $1 AND outcome = 'refunded'
        RETURNING account_id, least(greatest($2::bigint, 0), closed_reads) AS used),
    taken AS (UPDATE accounts a SET credit_reads = a.credit_reads - again.used FROM again
        WHERE a.id = again.account_id AND again.used > 0 AND a.credit_reads >= again.used RETURNING a.id, again.used),
    usage AS (INSERT INTO usage_daily (account_id, day, reads) SELECT id, $3::date, used FROM taken
        ON CONFLICT (account_id, day) DO UPDATE SET reads = usage_daily.reads + excluded.reads RETURNING 1),
    mark AS (INSERT INTO credit_reservations (id, account_id, reads, instance_id, opened_at, outcome, closed_at)
        SELECT $1, $4, 0, '', now(), 'cancelled', now() WHERE NOT EXISTS (SELECT 1 FROM prior) ON CONFLICT (id) DO NOTHING RETURNING 1)
    SELECT (SELECT outcome FROM prior) AS prior, (SELECT count(*) FROM mark)::int AS marked, coalesce((SELECT used FROM taken), 0)::int AS charged`;

export async function pgSettleReservation(
    db: PgPool,
    r: { id: string; accountId: string },
    usedReads: number,
    at: string,
): Promise<Settlement> {
    const day = utcDay(at);
    const open = (await db.query<{ n: number; used: number }>(SETTLE_OPEN, [r.id, usedReads, day], 'svc_settle_reservation')).rows[0]!;
    if (open.n === 1) return { charged: open.used, done: true };
    const closed = (
        await db.query<{ prior: string | null; marked: number; charged: number }>(SETTLE_CLOSED, [r.id, usedReads, day, r.accountId])
    ).rows[0]!;
    // A row opened after the first statement looked (or committed while this one ran, so the mark
    // met it on the primary key) is settled on the next attempt.
    const done = closed.prior === null ? closed.marked === 1 : closed.prior !== 'open';
    return { charged: closed.charged, done };
}

/** Takes the reads and records the reservation in one statement; false when the credit is short. */
export async function pgOpenReservation(db: PgPool, r: NewReservation): Promise<boolean> {
    try {
        // The conditional UPDATE … RETURNING feeds the INSERT: both happen, or (short credit) neither.
        const res = await db.query(
            `WITH taken AS (UPDATE accounts SET credit_reads = credit_reads - $3 WHERE id = $2 AND credit_reads >= $3 RETURNING id)
            INSERT INTO credit_reservations (id, account_id, reads, instance_id, opened_at) SELECT $1, id, $3, $4, now() FROM taken RETURNING id`,
            [r.id, r.accountId, r.reads, r.instanceId],
            'svc_open_reservation',
        );
        return res.rowCount === 1;
    } catch (e) {
        // Its id is taken by a `cancelled` mark (SETTLE_CLOSED): the statement did nothing.
        if ((e as { code?: string }).code === '23505') return false;
        throw e;
    }
}

/** How long a closed reservation is remembered (a settlement retried later than this charges nothing). */
export const CLOSED_RESERVATION_RETENTION = '1 day';

/**
 * Marks the instance alive and renews the open reservations of `holding` that are its own, in one
 * statement. PostgreSQL's clock, as every time of the reservations (a skewed instance is not taken
 * for dead, nor are its reservations overdue).
 */
export async function pgHeartbeat(db: PgPool, instanceId: string, holding: readonly string[]): Promise<void> {
    await db.query(
        `WITH beat AS (INSERT INTO svc_instances (id, seen_at) VALUES ($1, now()) ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at)
        UPDATE credit_reservations SET opened_at = now() WHERE id = ANY($2::text[]) AND instance_id = $1 AND outcome IS NULL`,
        [instanceId, [...holding]],
        'svc_heartbeat',
    );
}

export async function pgReconcileReservations(db: PgPool, deadAfterMs: number, maxHoldMs: number): Promise<number> {
    // The UPDATE locks each row: of instances reconciling at once, and of a settlement at the same
    // moment, one closes it; the others see it closed when they recheck `outcome IS NULL`. Both
    // cut-offs are PostgreSQL's now() minus a duration, as heartbeats and opened_at are its now():
    // the instances' own clocks never enter.
    const res = await db.query<{ n: number }>(
        `WITH cut AS (SELECT now() - $1::float8 * interval '1 millisecond' AS dead, now() - $2::float8 * interval '1 millisecond' AS held),
        gone AS (
            UPDATE credit_reservations r SET outcome = 'refunded', closed_reads = r.reads, reads = 0, closed_at = now() FROM cut
            WHERE r.outcome IS NULL AND (r.opened_at < cut.held
                OR NOT EXISTS (SELECT 1 FROM svc_instances i WHERE i.id = r.instance_id AND i.seen_at >= cut.dead))
            RETURNING r.account_id, r.closed_reads AS reads),
        per AS (SELECT account_id, sum(reads) AS reads, count(*) AS n FROM gone GROUP BY account_id),
        refund AS (UPDATE accounts a SET credit_reads = a.credit_reads + per.reads FROM per WHERE a.id = per.account_id RETURNING per.n),
        pruned AS (DELETE FROM svc_instances USING cut WHERE seen_at < cut.dead),
        forgotten AS (DELETE FROM credit_reservations WHERE outcome IS NOT NULL AND closed_at < now() - interval '${CLOSED_RESERVATION_RETENTION}')
        SELECT coalesce(sum(n), 0)::int AS n FROM refund`,
        [deadAfterMs, maxHoldMs],
    );
    return res.rows[0]!.n;
}
