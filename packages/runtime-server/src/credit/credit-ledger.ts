// Credit held by extractions while they read, made durable so a crash cannot lose it. Each instance
// has an id and a heartbeat in the store; a reservation is a row naming its instance, renewed by each
// heartbeat while this instance still holds it (an extraction reading, or a charge waiting to be
// written). Every instance reconciles periodically: reservations of instances not seen for
// `deadAfterMs` (killed, crashed) and reservations not renewed for `maxHoldMs` (lost track of) are
// refunded, exactly once (the store's reconcileReservations). At start-up the same runs at once; on
// SQLite, where one server owns the file, every reservation found at start-up belongs to a previous
// run and is refunded.
import { setTimeout as sleep } from 'node:timers/promises';
import { DependencyUnavailableError } from '../deps/dependency-errors.js';
import type { RequestLog } from '../http/request-log.js';
import type { Store } from '../store/store-types.js';
import { randomBase62 } from '../text/random-base62.js';

export interface LedgerTimings {
    /** How often this instance marks itself alive and reconciles. */
    heartbeatMs: number;
    /** An instance not seen for this long is dead; its reservations are refunded. */
    deadAfterMs: number;
    /**
     * A reservation its instance has not renewed for this long is refunded whatever its instance: one
     * it lost track of. Those it holds are renewed at every heartbeat, however long they are held.
     */
    maxHoldMs: number;
}

export const DEFAULT_LEDGER_TIMINGS: Readonly<LedgerTimings> = Object.freeze({
    heartbeatMs: 10_000,
    deadAfterMs: 30_000,
    maxHoldMs: 600_000,
});

export interface Reservation {
    id: string;
    accountId: string;
    reads: number;
}

export class CreditLedger {
    readonly instanceId = `inst_${randomBase62(16)}`;
    /** The heartbeat being written for a reservation, shared by the requests that wait for it. */
    private beating?: Promise<void>;
    /** When (this.now) the last heartbeat that succeeded was sent. */
    private aliveAt = -Infinity;
    /** Reconciliation passes completed (tests wait for one to have seen a state). */
    reconciled = 0;
    private timer?: NodeJS.Timeout;
    /** Settlements the store refused while unreachable, retried at every heartbeat. */
    private readonly unsettled = new Map<string, { r: Reservation; used: number; at: string }>();
    /** Reservations of extractions still reading, renewed at every heartbeat (ids). */
    private readonly holding = new Set<string>();

    constructor(
        private readonly store: Store,
        private readonly now: () => number,
        private readonly timings: LedgerTimings,
        private readonly log: RequestLog,
        /** One server owns the store (SQLite): nothing found at start-up can be another's. */
        private readonly exclusive: boolean,
        private readonly onCharged: (reads: number) => void = () => {},
    ) {}

    /** Marks this instance alive, refunds what earlier runs left, and starts the heartbeat. Never throws. */
    async start(): Promise<void> {
        this.timer ??= setInterval(() => void this.tick(), this.timings.heartbeatMs).unref();
        try {
            await this.markAlive();
            const refunded = await this.store.reconcileReservations(this.exclusive ? 0 : this.timings.deadAfterMs, this.timings.maxHoldMs);
            if (refunded > 0) this.log.event('info', 'refunded abandoned credit reservations', { count: refunded });
        } catch (e) {
            this.log.event('error', 'could not reconcile credit reservations at start-up', { error: describe(e) });
        }
    }

    /** Holds `reads` of the account's credit; undefined when the credit is short. */
    async reserve(accountId: string, reads: number): Promise<Reservation | undefined> {
        await this.markAlive(); // a reservation must never exist before its instance's heartbeat
        const r = { id: `res_${randomBase62(20)}`, accountId, reads };
        try {
            if (!(await this.store.openReservation({ ...r, instanceId: this.instanceId }))) return undefined;
            this.holding.add(r.id);
            return r;
        } catch (e) {
            // Sent but unanswered (a timeout): it may have committed and would hold the credit until
            // maxHoldMs. Settled with 0 reads used as soon as the store answers, which refunds it if
            // it exists and otherwise leaves a mark that refuses it should it arrive later.
            if (e instanceof DependencyUnavailableError && e.inDoubt) this.retryLater(r, 0, this.iso(this.now()));
            throw e;
        }
    }

    /**
     * Keeps `used` reads (0: all refunded). Never throws. False when the answer must not be delivered
     * (503) because its charge was not taken:
     * - the reservation was refunded meanwhile (reconciliation) and the account's credit no longer
     *   holds the reads, so charging them again took nothing: the answer would be free;
     * - the charge could not be written after SETTLE_ATTEMPTS tries and certainly did not commit
     *   (SQLite; on PostgreSQL, a statement never sent or answered with an error): the reads are
     *   given back instead (a settlement of 0 retried at each heartbeat, or the next start on SQLite).
     * On PostgreSQL a failed settlement that may have committed (sent, its answer lost) is in doubt:
     * the answer is delivered and the settlement sent again at each heartbeat (docs/deploy.md), its
     * reservation renewed meanwhile so no instance refunds it while this one is alive.
     */
    async settle(r: Reservation, used: number): Promise<boolean> {
        const at = this.iso(this.now());
        const keep = Math.max(0, Math.min(used, r.reads));
        this.holding.delete(r.id);
        let doubt = false;
        for (let attempt = 1; ; attempt++) {
            try {
                const s = await this.store.settleReservation(r, keep, at);
                if (s.charged > 0) this.onCharged(s.charged);
                if (!s.done) this.retryLater(r, used, at);
                // After an attempt in doubt, nothing charged now may be that attempt's charge.
                else if (s.charged < keep && !doubt) {
                    this.log.event(
                        'error',
                        "an extraction's reservation was refunded and its credit spent before its charge; answered 503",
                        {
                            reservation: r.id,
                        },
                    );
                    return false;
                }
                return true;
            } catch (e) {
                doubt ||= e instanceof DependencyUnavailableError && e.inDoubt;
                // A charge that certainly did not commit (or any, on SQLite) is tried again, then refused.
                const refund = keep > 0 && (this.exclusive || !doubt);
                if (refund && attempt < SETTLE_ATTEMPTS) {
                    await sleep(SETTLE_RETRY_MS * attempt);
                    continue;
                }
                this.retryLater(r, refund ? 0 : used, at);
                this.log.event(
                    'error',
                    refund
                        ? 'could not charge an extraction; answered 503, its reads given back'
                        : 'could not settle a credit reservation; will retry',
                    { error: describe(e) },
                );
                return !refund;
            }
        }
    }

    async stop(): Promise<void> {
        clearInterval(this.timer);
        this.timer = undefined;
        await this.retryUnsettled();
        await this.store.retireInstance(this.instanceId).catch(() => {});
    }

    /** True once the store has the settlement; false to send it again later. */
    private async finish(r: Reservation, used: number, at: string): Promise<boolean> {
        // The store's settlement is idempotent and charges a reservation that reconciliation refunded
        // meanwhile again, once (store-types.ts): a settlement whose answer was lost is sent again
        // as it is, never turned into a second charge here.
        const s = await this.store.settleReservation(r, used, at);
        if (s.charged > 0) this.onCharged(s.charged);
        return s.done;
    }

    /** What this instance still holds: reservations being read, and charges waiting to be written. */
    private held(): string[] {
        const ids = [...this.holding];
        for (const [id, u] of this.unsettled) if (u.used > 0) ids.push(id);
        return ids;
    }

    /** Settlements still to send, at most MAX_UNSETTLED (past it, reconciliation refunds at maxHoldMs). */
    get pendingSettlements(): number {
        return this.unsettled.size;
    }

    private retryLater(r: Reservation, used: number, at: string): void {
        if (this.unsettled.size >= MAX_UNSETTLED && !this.unsettled.has(r.id)) {
            this.log.event('error', 'too many unsettled credit reservations; one is left to reconciliation', { reservation: r.id });
            return;
        }
        this.unsettled.set(r.id, { r, used, at });
    }

    /**
     * A reservation is opened only within a heartbeat interval of a heartbeat that succeeded, never
     * on the strength of the first one only: after heartbeats failed for deadAfterMs (the others
     * then prune this instance), a reservation made without a fresh one would be refunded by them.
     */
    private async markAlive(): Promise<void> {
        if (this.now() - this.aliveAt < this.timings.heartbeatMs) return;
        await (this.beating ??= this.beat().finally(() => (this.beating = undefined)));
    }

    private async beat(): Promise<void> {
        const sent = this.now();
        await this.store.heartbeat(this.instanceId, this.held());
        this.aliveAt = Math.max(this.aliveAt, sent);
    }

    private async tick(): Promise<void> {
        try {
            await this.beat();
            await this.retryUnsettled();
            const refunded = await this.store.reconcileReservations(this.timings.deadAfterMs, this.timings.maxHoldMs);
            this.reconciled++;
            if (refunded > 0) this.log.event('info', 'refunded abandoned credit reservations', { count: refunded });
        } catch (e) {
            if (!(e instanceof DependencyUnavailableError)) this.log.event('error', 'credit reconciliation failed', { error: describe(e) });
        }
    }

    private async retryUnsettled(): Promise<void> {
        for (const [id, u] of this.unsettled) {
            try {
                if (await this.finish(u.r, Math.max(0, Math.min(u.used, u.r.reads)), u.at)) this.unsettled.delete(id);
            } catch {
                return; // still unreachable; the next heartbeat tries again
            }
        }
    }

    private iso(ms: number): string {
        return new Date(ms).toISOString();
    }
}

/** Tries of a charge on SQLite before the extraction is answered 503 (a busy file is waited for within each). */
const SETTLE_ATTEMPTS = 3;
const SETTLE_RETRY_MS = 50;

/** Settlements kept for retrying while the database is away (each is a few hundred bytes). */
const MAX_UNSETTLED = 10_000;

const describe = (e: unknown): string => (e instanceof Error ? e.message : String(e)).slice(0, 200);
