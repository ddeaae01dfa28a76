// Shared by the worker pool's and the shutdown tests: uncached 1 MiB validate bodies, each a
// compile of 0.1–1 s in a thread.

/** Limits no test of the pool reaches. */
export const OPEN = { perIp: 1e9, perKey: 1e9, perAccount: 1e9, extractionsPerAccount: 1e9 };

/** A validate body of about 1 MiB (32 fields, 10,000 relations) that no cache knows: `n` names it. */
export function heavyValidate(n: number): string {
    const fields = Array.from({ length: 32 }, (_, i) => `{"name":"f${i}","type":"decimal","scale":2,"hints":["Field ${i}"]}`);
    const relations = Array.from({ length: 10_000 }, (_, i) => {
        const expr = `f${i % 32} + f${(i + 1) % 32} * 2 <= f${(i + 3) % 32} + ${i} or f${i % 32} == f${(i + 5) % 32}`;
        return `{"id":"r${i}","description":"${'d'.repeat(20)}","expr":"${expr}"}`;
    });
    return `{"schema":{"svc_schema":"1.0","name":"heavy${n}","fields":[${fields.join(',')}],"relations":[${relations.join(',')}]}}`;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
