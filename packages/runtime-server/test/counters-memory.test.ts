// The shared Counters contract in memory: one MemoryCounters stands for both clients (one process).
import { MemoryCounters, type Counters } from '../src/index.js';
import { countersContract } from './shared/counters-contract.js';

countersContract('memory', async () => {
    const counters = new MemoryCounters();
    // Both "clients" are views of one map, as two requests of one process are; closing a view keeps it.
    const view = (): Counters => Object.assign(Object.create(counters) as MemoryCounters, { close: async () => {} });
    return { open: async () => view(), openAnother: async () => view(), cleanup: () => counters.close() };
});
