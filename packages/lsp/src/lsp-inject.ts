// Langium-style dependency injection, small: a module is a tree of factories `(services) => value`;
// `inject` returns a proxy that creates each service on first use and caches it, so services may
// depend on each other in any order (cycles are reported, not overflowed).

export type Module<I, T = I> = { [K in keyof T]: Module<I, T[K]> | ((injector: I) => T[K]) };

/** Part of a module, group by group: what an override replaces. */
export type PartialModule<I, T = I> = { [K in keyof T]?: PartialModule<I, T[K]> | ((injector: I) => T[K]) };

const CREATING = Symbol('creating');

export function inject<I>(module: Module<I>): I {
    let injector: I;
    const proxify = (mod: Record<PropertyKey, unknown>, path: string): unknown => {
        const values = new Map<PropertyKey, unknown>();
        return new Proxy(Object.create(null) as object, {
            get(_target, prop) {
                if (values.has(prop)) {
                    const v = values.get(prop);
                    if (v === CREATING) throw new Error(`cycle in service dependencies at ${path}${String(prop)}`);
                    return v;
                }
                const def = mod[prop];
                if (def === undefined) return undefined;
                if (typeof def === 'function') {
                    values.set(prop, CREATING);
                    try {
                        const v = (def as (i: I) => unknown)(injector);
                        values.set(prop, v);
                        return v;
                    } catch (e) {
                        values.delete(prop);
                        throw e;
                    }
                }
                const group = proxify(def as Record<PropertyKey, unknown>, `${path}${String(prop)}.`);
                values.set(prop, group);
                return group;
            },
        });
    };
    injector = proxify(module as Record<PropertyKey, unknown>, '') as I;
    return injector;
}

/** Merges modules group by group; a later factory replaces an earlier one. */
export function mergeModules<I>(base: Module<I>, ...overrides: Array<PartialModule<I>>): Module<I> {
    const merge = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
        const out: Record<string, unknown> = { ...a };
        for (const [k, v] of Object.entries(b)) {
            const prev = out[k];
            out[k] = v && prev && typeof v === 'object' && typeof prev === 'object' ? merge(prev as Record<string, unknown>, v as Record<string, unknown>) : v;
        }
        return out;
    };
    return overrides.reduce<Record<string, unknown>>((acc, o) => merge(acc, o as Record<string, unknown>), base as Record<string, unknown>) as Module<I>;
}
