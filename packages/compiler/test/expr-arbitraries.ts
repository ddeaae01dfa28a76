// Expression texts for the compiler's property tests, over the field names of compile-helpers.ts.
import fc from 'fast-check';

export const NAMES = [
    'a',
    'b',
    'r',
    'x',
    's',
    'flag',
    'd',
    'd2',
    'dt',
    'eur',
    'eur2',
    'usd',
    'dur_d',
    'dur_m',
    'dur_s',
    'status',
    'lines',
    'zz',
];
const TOKENS = [
    ...NAMES,
    '(',
    ')',
    ',',
    '+',
    '-',
    '*',
    '/',
    '==',
    '!=',
    '<',
    '<=',
    '>',
    '>=',
    'and',
    'or',
    'not',
    'true',
    'false',
    '0',
    '1',
    '2.5',
    '29',
    '100',
    "'open'",
    "'paid'",
    "'é📦'",
    "'",
    "date'2024-02-29'",
    "date'2024-02-30'",
    "datetime'2024-01-01T10:00:00Z'",
    "duration'P1D'",
    "duration'P1M'",
    "duration'PT1S'",
    "duration'P1M2D'",
    'when(',
    'round(',
    'abs(',
    'min(',
    'max(',
    'present(',
    'foo(',
    "'half_even'",
    "'nearest'",
    '#',
    '  ',
    '\n',
    'date',
    'null',
];

/** Token soup: mostly near-valid expressions, often broken in interesting ways. */
export const tokenExpr = fc.array(fc.constantFrom(...TOKENS), { minLength: 0, maxLength: 24 }).map((ts) => ts.join(' '));

/** Well-formed expressions from a small grammar, so typing and analysis get exercised deeply. */
export const { expr: grammarExpr } = fc.letrec((tie) => ({
    expr: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(...NAMES.slice(0, 16), '1', '0', '2.50', "'open'", "date'2024-01-31'", "duration'P1M'", "duration'P3D'", 'true'),
        fc
            .tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/', '==', '!=', '<', '<=', '>', '>=', 'and', 'or'), tie('expr'))
            .map(([a, op, b]) => `${a} ${op} ${b}`),
        tie('expr').map((e) => `(${e})`),
        tie('expr').map((e) => `not ${e}`),
        tie('expr').map((e) => `-${e}`),
        fc.tuple(fc.constantFrom('abs', 'present'), tie('expr')).map(([f, e]) => `${f}(${e})`),
        fc.tuple(fc.constantFrom('min', 'max', 'when'), tie('expr'), tie('expr')).map(([f, a, b]) => `${f}(${a}, ${b})`),
        fc
            .tuple(tie('expr'), fc.constantFrom('2', '0', '28', '29', 'a'), fc.constantFrom("'half_up'", "'floor'", "'x'"))
            .map(([e, s, m]) => `round(${e}, ${s}, ${m})`),
    ),
}));
