// Random RE2 patterns for the pattern size's property test: every construct the size counts
// (classes with Unicode, Perl and POSIX items, ranges, negation, case folding, quoting, captures,
// counted and lazy repetitions, alternation), mostly valid, some not (RE2 refuses those).
import fc from 'fast-check';

const char = fc.constantFrom(
    'a',
    'k',
    'K',
    'ſ',
    'é',
    'Σ',
    'ς',
    '😀',
    '\\x{100}',
    '\\x41',
    '\\n',
    '\\.',
    '\\-',
    '\\]',
    '\\101',
    '{',
    ',',
    '}',
);
const range = fc
    .tuple(
        fc.constantFrom('a', '0', 'A', '\\x41', '\\n', '\\101'),
        fc.constantFrom('z', 'ÿ', 'ω', '\\x{2FFF}', '\\x{1F600}', '\\x{10FFFF}'),
    )
    .map(([lo, hi]) => `${lo}-${hi}`);
const classItem = fc.oneof(
    char,
    range,
    fc.constantFrom('\\p{L}', '\\pN', '\\P{Lu}', '\\p{Greek}', '\\d', '\\W', '[:alpha:]', '[:^punct:]', '(', '|', '*', '^'),
);
const bracket = fc
    .tuple(fc.boolean(), fc.array(classItem, { minLength: 1, maxLength: 4 }), fc.boolean())
    .map(([neg, items, dash]) => `[${neg ? '^' : ''}${items.join('')}${dash ? '-' : ''}]`);
const leaf = fc.oneof(
    { weight: 4, arbitrary: char },
    { weight: 3, arbitrary: bracket },
    { weight: 1, arbitrary: fc.constantFrom('\\p{L}', '\\pL', '\\P{Alphabetic}', '\\d', '\\s', '\\w', '.', '^', '$', '\\b', '\\A', '\\z') },
    { weight: 1, arbitrary: fc.constantFrom('\\Qab\\E', '\\Q{3}(|)\\E', '\\Qx\\E') },
);
const repeat = fc.constantFrom('', '', '', '', '*', '+', '?', '*?', '+?', '{3}', '{0,}', '{2,}', '{1,7}', '{0,12}', '{4}?', '{0}');
const flags = fc.constantFrom('', '', '', '(?i)', '(?-i)', '(?s)', '(?i-s)');
const open = fc.oneof(
    fc.constantFrom('(', '(?:', '(?:', '(?i:', '(?-i:'),
    fc.integer({ min: 0, max: 1e9 }).map((n) => `(?P<g${n}>`),
);

const { pattern } = fc.letrec<{ pattern: string; group: string; seq: string }>((tie) => ({
    group: fc.tuple(open, tie('pattern')).map(([o, body]) => `${o}${body})`),
    seq: fc
        .tuple(
            flags,
            fc.array(fc.tuple(fc.oneof({ depthSize: 'small' }, leaf, leaf, tie('group')), repeat), { minLength: 1, maxLength: 5 }),
        )
        .map(([f, atoms]) => f + atoms.map(([a, r]) => a + r).join('')),
    pattern: fc.array(tie('seq'), { minLength: 1, maxLength: 3 }).map((alts) => alts.join('|')),
}));

export const randomPattern: fc.Arbitrary<string> = pattern;
