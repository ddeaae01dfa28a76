// Small validate bodies share tasks of the pool (docs/worker-pool.md, "Batches"). Handing one task
// to a thread and its answer back (Piscina's bookkeeping, two messages, waking each thread) cost
// about as much CPU as compiling a small schema, and a thread runs one task at a time. So a body that
// finds every thread busy waits, and those that gathered leave together as the next task, within
// these bounds (fair-scheduler.ts forms the batches, one account after another). No timer: when a
// thread is free a body leaves at once, alone.

/** Bodies longer than this (characters) go alone: the worst of them are the slow ones. */
export const BATCH_BODY_MAX = 16 * 1024;
/** A batch holds at most this many bodies and characters, so one batch stays short. */
export const BATCH_MAX_ITEMS = 32;
export const BATCH_MAX_CHARS = 128 * 1024;

/** A body and the account it is for: a batch may hold several accounts' bodies. */
export interface ValidateItem {
    body: string;
    account: string;
}
