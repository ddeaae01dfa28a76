// Credit reservations on SQLite, with the rules of the PostgreSQL store (pg-reservations.ts): an open
// reservation is a row with outcome NULL; settling deletes it; reconciliation marks it `refunded`
// (reads moved to closed_reads), so a later settlement charges again once and a repeated one charges
// nothing. Each step is one IMMEDIATE transaction (one writer at a time).
import type Database from 'better-sqlite3';
import type { NewReservation, Settlement } from './store-types.js';
import { utcDay } from './panel-store-support.js';

const DAY_MS = 86_400_000;
/** The database's clock: one process owns a SQLite file, so the process's clock (store-types.ts). */
const isoAgo = (ms: number): string => new Date(Date.now() - ms).toISOString();

export class SqliteReservations {
    private readonly s;

    constructor(private readonly db: Database.Database) {
        this.s = {
            reserve: db.prepare('UPDATE accounts SET credit_reads = credit_reads - ? WHERE id = ? AND credit_reads >= ?'),
            refund: db.prepare('UPDATE accounts SET credit_reads = credit_reads + ? WHERE id = ?'),
            addReads: db.prepare(
                'INSERT INTO usage_daily (account_id, day, reads) VALUES (?, ?, ?) ON CONFLICT (account_id, day) DO UPDATE SET reads = reads + excluded.reads',
            ),
            insert: db.prepare('INSERT INTO credit_reservations (id, account_id, reads, instance_id, opened_at) VALUES (?, ?, ?, ?, ?)'),
            takeOpen: db.prepare<[string], { account_id: string; reads: number }>(
                'DELETE FROM credit_reservations WHERE id = ? AND outcome IS NULL RETURNING account_id, reads',
            ),
            closed: db.prepare<[string], { account_id: string; outcome: string | null; closed_reads: number | null }>(
                'SELECT account_id, outcome, closed_reads FROM credit_reservations WHERE id = ?',
            ),
            recharged: db.prepare("UPDATE credit_reservations SET outcome = 'recharged', closed_at = ? WHERE id = ?"),
            mark: db.prepare(
                "INSERT INTO credit_reservations (id, account_id, reads, instance_id, opened_at, outcome, closed_at) VALUES (?, ?, 0, '', ?, 'cancelled', ?)",
            ),
            abandoned: db.prepare<[string, string], { id: string; account_id: string; reads: number }>(
                `SELECT r.id, r.account_id, r.reads FROM credit_reservations r LEFT JOIN svc_instances i ON i.id = r.instance_id
                WHERE r.outcome IS NULL AND (i.id IS NULL OR i.seen_at < ? OR r.opened_at < ?)`,
            ),
            markRefunded: db.prepare(
                "UPDATE credit_reservations SET outcome = 'refunded', closed_reads = reads, reads = 0, closed_at = ? WHERE id = ? AND outcome IS NULL",
            ),
            forget: db.prepare('DELETE FROM credit_reservations WHERE outcome IS NOT NULL AND closed_at < ?'),
            pruneInstances: db.prepare('DELETE FROM svc_instances WHERE seen_at < ?'),
            beat: db.prepare(
                'INSERT INTO svc_instances (id, seen_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at',
            ),
            renew: db.prepare('UPDATE credit_reservations SET opened_at = ? WHERE id = ? AND instance_id = ? AND outcome IS NULL'),
        };
    }

    open(r: NewReservation): boolean {
        try {
            return this.db
                .transaction(() => {
                    if (this.s.reserve.run(r.reads, r.accountId, r.reads).changes !== 1) return false;
                    this.s.insert.run(r.id, r.accountId, r.reads, r.instanceId, isoAgo(0));
                    return true;
                })
                .immediate();
        } catch (e) {
            // Its id is taken by a `cancelled` mark (settled before it was opened): nothing was taken.
            if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
            throw e;
        }
    }

    settle(r: { id: string; accountId: string }, usedReads: number, at: string): Settlement {
        const id = r.id;
        return this.db
            .transaction((): Settlement => {
                const held = this.s.takeOpen.get(id);
                if (held) {
                    const used = Math.max(0, Math.min(usedReads, held.reads));
                    if (held.reads > used) this.s.refund.run(held.reads - used, held.account_id);
                    this.addReads(held.account_id, used, at);
                    return { charged: used, done: true };
                }
                const row = this.s.closed.get(id);
                if (!row) this.s.mark.run(id, r.accountId, isoAgo(0), isoAgo(0)); // a later open is refused
                if (row?.outcome !== 'refunded') return { charged: 0, done: true };
                this.s.recharged.run(isoAgo(0), id);
                const used = Math.max(0, Math.min(usedReads, row.closed_reads ?? 0));
                if (used === 0 || this.s.reserve.run(used, row.account_id, used).changes !== 1) return { charged: 0, done: true };
                this.addReads(row.account_id, used, at);
                return { charged: used, done: true };
            })
            .immediate();
    }

    /** Marks the instance alive and renews the open reservations of `holding` that are its own. */
    heartbeat(instanceId: string, holding: readonly string[]): void {
        this.db
            .transaction(() => {
                const now = isoAgo(0);
                this.s.beat.run(instanceId, now);
                for (const id of holding) this.s.renew.run(now, id, instanceId);
            })
            .immediate();
    }

    reconcile(deadAfterMs: number, maxHoldMs: number): number {
        return this.db
            .transaction(() => {
                const dead = isoAgo(deadAfterMs);
                const now = isoAgo(0);
                let n = 0;
                for (const r of this.s.abandoned.all(dead, isoAgo(maxHoldMs))) {
                    if (this.s.markRefunded.run(now, r.id).changes === 1) {
                        this.s.refund.run(r.reads, r.account_id);
                        n++;
                    }
                }
                this.s.pruneInstances.run(dead);
                this.s.forget.run(isoAgo(DAY_MS));
                return n;
            })
            .immediate();
    }

    private addReads(accountId: string, reads: number, at: string): void {
        if (reads > 0) this.s.addReads.run(accountId, utcDay(at), reads);
    }
}
