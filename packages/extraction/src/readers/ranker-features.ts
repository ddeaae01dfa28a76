// The features the learned ranker weighs (ranker-model.ts): the named parts of the heuristic score
// (heuristic-scorers.ts) and what the window says about a candidate beside them — whether another
// field claims its span more strongly, how much of the field's support its value has, how often the
// value is written. The vector is the same for training (scripts/train-ranker.mjs) and reading.

/** Features a scorer records for one candidate (absent = 0). */
export type Features = Partial<Record<Feature, number>>;

export const FEATURES = [
    'heuristic',
    'context',
    'base',
    'early',
    'edge',
    'latestEdge',
    'closing',
    'bareMoney',
    'prose', // no longer set (prose-like codes are not proposed); kept so the vector's order stays
    'headCode',
    'furniture',
    'paid',
    'largest',
    'marked',
    'unique',
    'address',
    'letterhead',
    'labelHint',
    'labelName',
    'labelDescription',
    // Set by the window (heuristic-reader.ts).
    'claimed',
    'support',
    'share',
    'repeat',
    'nullable',
    'list',
    'alone',
    'margin',
    'rivals',
    'hinted',
    // Appended (heuristic-scoring.ts definedAs, heuristic-parties.ts, heuristic-strings.ts).
    'defined',
    'party',
    'incorporation',
    'lifetime',
    'afterEnd',
    'described',
    'renewal',
] as const;

export type Feature = (typeof FEATURES)[number];

/** Kinds of value whose features weigh differently (a date's place says more than an amount's). */
export const KINDS = ['date', 'money', 'number', 'duration', 'enum', 'code', 'string', 'boolean', 'names'] as const;
export type ValueKind = (typeof KINDS)[number];

/** Features that get a weight per kind as well as a common one. */
export const PER_KIND: readonly Feature[] = ['heuristic', 'context', 'support', 'early', 'margin', 'alone'];

/** Names of the vector's entries, in order. */
export const VECTOR_NAMES: readonly string[] = [
    ...FEATURES,
    ...KINDS.map((k) => `kind:${k}`),
    ...KINDS.flatMap((k) => PER_KIND.map((f) => `${k}:${f}`)),
];

/** The model's input for one candidate. */
export function featureVector(f: Features, kind: ValueKind): number[] {
    const v = FEATURES.map((name) => f[name] ?? 0);
    for (const k of KINDS) v.push(k === kind ? 1 : 0);
    for (const k of KINDS) for (const name of PER_KIND) v.push(k === kind ? (f[name] ?? 0) : 0);
    return v;
}
