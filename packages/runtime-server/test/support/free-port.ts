// A free TCP port on loopback (the OS picks it; the listener is closed again at once).
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
        const s = createServer();
        s.once('error', reject);
        s.listen(0, '127.0.0.1', () => {
            const port = (s.address() as { port: number }).port;
            s.close(() => resolve(port));
        });
    });
}

/** Resolves once something accepts connections on the port (or rejects after `ms`). */
export async function waitForPort(port: number, ms = 15_000): Promise<void> {
    const { connect } = await import('node:net');
    const until = Date.now() + ms;
    for (;;) {
        const ok = await new Promise<boolean>((resolve) => {
            const c = connect(port, '127.0.0.1');
            c.once('connect', () => {
                c.destroy();
                resolve(true);
            });
            c.once('error', () => resolve(false));
        });
        if (ok) return;
        if (Date.now() > until) throw new Error(`nothing listens on port ${port}`);
        await new Promise((r) => setTimeout(r, 50));
    }
}
