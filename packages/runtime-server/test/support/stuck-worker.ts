// A stand-in for a pool thread that never gives a task back: its event loop is held by a loop, so
// no deadline inside it can fire (worker-pool.ts, the network pool's last backstop). Only a test
// points a pool at it; the thread is ended when the pool is replaced or closed.
export default function stuck(): never {
    for (;;) {
        // Busy: a timer or signal of this thread would never run.
    }
}
