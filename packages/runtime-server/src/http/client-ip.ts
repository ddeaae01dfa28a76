// The client IP behind a proxy (SVC_TRUST_PROXY=1, docs/deploy.md): Fastify trusts one hop and takes
// the last entry of X-Forwarded-For, as sent, any text at all, and the per-IP limits put it in counter names (a hostile
// review stored a 6 KB header as a Redis key). Before anything reads `request.ip`, the header keeps
// only its entries that are IP addresses (node:net isIP); with none left it is removed, and the
// socket's address is the client's.
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

export function keepForwardedAddresses(headers: IncomingHttpHeaders): void {
    const value = headers['x-forwarded-for'];
    if (value === undefined) return;
    const addresses = (Array.isArray(value) ? value.join(',') : value)
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => isIP(entry) !== 0);
    if (addresses.length === 0) delete headers['x-forwarded-for'];
    else headers['x-forwarded-for'] = addresses.join(', ');
}
