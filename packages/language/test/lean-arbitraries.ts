// Expressions for the lean parser's differential tests: well-formed ones from the grammar's shapes
// (every operator, prefix, call, literal kind), the same broken at one token, token soup with
// characters no token starts with, and nesting around the compiler's depth cap.
import fc from 'fast-check';

const NAMES = ['a', 'b1', '_x', 'order', 'notable', 'andy', 'true_', 'datex', 'duration_', 'f', 'É'];
const LITERALS = [
    '0',
    '7',
    '12.50',
    '1.',
    '.5',
    "'x'",
    "''",
    "'é📦 ok'",
    "'unterminated",
    "date'2024-01-31'",
    "datetime'2024-01-01T10:00:00Z'",
    "duration'P1M'",
    "date'2024",
    "duration'",
    'true',
    'false',
];
const BINARY = ['+', '-', '*', '/', '==', '!=', '<', '<=', '>', '>=', 'and', 'or'];
const SPACE = ['', ' ', '  ', '\t', '\n', '\u00a0', '\u2028'];
const JUNK = ['&&', '||', '!', '"', '=', '#', '%', '.', ';', '[', ']', '😀', 'é', '\u0000'];

const space = fc.constantFrom(...SPACE);

/** Mostly well-formed expressions (up to typing; an open literal or `1.` breaks one): every shape of the grammar. */
export const { expr: wellFormed } = fc.letrec((tie) => ({
    expr: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(...NAMES, ...LITERALS),
        fc.tuple(tie('expr'), space, fc.constantFrom(...BINARY), space, tie('expr')).map((p) => p.join('')),
        fc.tuple(space, tie('expr'), space).map(([s, e, t]) => `(${s}${e}${t})`),
        fc.tuple(fc.constantFrom('not ', 'not(', '-', '- '), tie('expr')).map(([op, e]) => (op.endsWith('(') ? `${op}${e})` : `${op}${e}`)),
        fc
            .tuple(fc.constantFrom('round', 'when', 'abs', 'present', 'min', 'f'), fc.array(tie('expr'), { maxLength: 3 }))
            .map(([name, args]) => `${name}(${args.join(', ')})`),
    ),
}));

/** One token of the well-formed expression replaced, dropped or doubled. */
export const broken = fc
    .tuple(wellFormed, fc.nat(), fc.constantFrom('drop', 'double', 'junk', 'cut'), fc.constantFrom(...JUNK, ...BINARY, '(', ')', ','))
    .map(([e, at, how, junk]) => {
        const i = e.length === 0 ? 0 : at % e.length;
        if (how === 'drop') return e.slice(0, i) + e.slice(i + 1);
        if (how === 'double') return e.slice(0, i) + e[i] + e.slice(i);
        if (how === 'cut') return e.slice(0, i);
        return e.slice(0, i) + junk + e.slice(i);
    });

/** Token soup, literals left open, characters no token starts with. */
export const soup = fc
    .array(fc.constantFrom(...NAMES, ...LITERALS, ...BINARY, ...JUNK, '(', ')', ',', 'not', ' ', "'"), { maxLength: 20 })
    .map((ts) => ts.join(' '));

/** Nesting around the compiler's cap of 64: groups, calls, `not` and unary minus. */
export const deep = fc
    .tuple(fc.integer({ min: 55, max: 70 }), fc.constantFrom('(', 'abs(', 'not ', '-', 'not (', '- ('))
    .map(([n, open]) => {
        const closes = open.includes('(') ? ')'.repeat(n) : '';
        return `${open.repeat(n)}a${closes}`;
    });

/** Any text at all, from a few interesting characters. */
export const anyText = fc.string({
    unit: fc.constantFrom('a', '1', ' ', "'", '(', ')', '<', '=', '-', 'n', 'o', 't', 'é', '😀', '.', ','),
    maxLength: 24,
});

export const expressions = fc.oneof(wellFormed, broken, soup, deep, anyText);
