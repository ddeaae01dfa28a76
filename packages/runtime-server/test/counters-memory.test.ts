// The shared Counters contract in memory: one MemoryCounters stands for both clients (one process).
import { MemoryCounters } from '../src/index.js';
import { countersContract } from './shared/counters-contract.js';

countersContract('memory', async () => {
    const counters = new MemoryCounters();
    // Both "clients" share one map, as two requests of one process do; close() of one must not clear the other's view first.
    const shared = { consume: counters.consume.bind(counters), peek: counters.peek.bind(counters), close: async () => {} };
    return { open: async () => shared, openAnother: async () => shared, cleanup: () => counters.close() };
});
