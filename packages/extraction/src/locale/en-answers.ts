// The words an English form answers yes or no with (the English profile's `booleans`, split from
// en.ts): besides yes and no, answers that something was or was not done ("Radiographs:   Not
// taken"). The words of done alone are not true: they are too often prose ("a notice is required").

/** What a form says is so: alone true, after "not" false ("affected" / "not affected" in a data breach's rows). */
const SAID = ['included', 'allowed', 'permitted', 'passed', 'present', 'affected'];

/** What a form says was not done, "not" before it for false ("not taken"); those of SAID alone are true. */
// (A test's or an inspection's finding too: "American foulbrood (AFB):   Not detected".)
const NEGATED = [
    ...SAID,
    'required',
    'taken',
    'applied',
    'performed',
    'completed',
    'selected',
    'requested',
    'set up',
    'provided',
    'detected',
    'found',
    'observed',
];

export const EN_BOOLEANS = {
    true: ['yes', 'true', 'y', ...SAID],
    false: ['no', 'false', 'n', 'failed', 'absent', ...NEGATED.map((w) => `not ${w}`)],
};
