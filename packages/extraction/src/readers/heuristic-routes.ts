// A string field that asks for one end of a route (`origin_station`, `destination`, Dutch
// `vertrekpunt`) takes that end of a value written as the route: "Route:   Bristol Temple Meads  -
// London Terminals".
import type { CompiledField } from '@svc/compiler';
import type { LocaleProfile } from '../locale/locale-types.js';
import type { Span } from './heuristic-spans.js';
import { asksFor } from './heuristic-terms.js';

/** Which end of a route a field's name asks for: 0 the first, 1 the last, else none. */
export function routeEnd(field: CompiledField, locale: LocaleProfile): 0 | 1 | undefined {
    if (asksFor(field, locale, 'routeStartWords')) return 0;
    return asksFor(field, locale, 'routeEndWords') ? 1 : undefined;
}

/** A route written as its two ends ("Bristol Temple Meads  -  London Terminals", "Utrecht → Parijs"). */
const ROUTE = /^(\p{Lu}.*?\S)(\s+(?:[-–—→>]|to|naar)\s+)(\p{Lu}.*)$/u;

/** Characters of a quote read for a route, at most. */
const MAX_ROUTE = 160;

/** For a field that asks for a route's first or last end (`route`: 0 or 1), that end of a candidate written as a route. */
export function routeParts<T extends Span>(found: T[], route: 0 | 1 | undefined): T[] {
    if (route === undefined) return found;
    return found.map((c) => {
        // (A route is short; a long quote is not read for one, which keeps the lazy match linear.)
        const m = c.quote.length <= MAX_ROUTE ? ROUTE.exec(c.quote) : null;
        if (!m || ROUTE.test(m[3]!)) return c;
        const start = route === 0 ? c.start : c.start + m[1]!.length + m[2]!.length;
        const quote = route === 0 ? m[1]! : m[3]!;
        return { ...c, start, end: start + quote.length, quote };
    });
}
