// The reader on documents pieced together from the fragments its prose and layout rules read
// (ranges, definitions, column labels, two-cell lines, "pay by", link words), in any order and
// any number: it never throws, every mention's offsets slice the document to its quote, and a
// value a field takes is one of its mentions' readings.
import { expect } from 'chai';
import fc from 'fast-check';
import { createEngine } from '../src/engine-module.js';
import { secretRingOf } from '../src/session/secret-ring.js';
import { compile } from './support/edit-fixtures.js';

const engine = createEngine({ reader: 'heuristic', secrets: secretRingOf(['fragments-test']) });

const FRAGMENTS = [
    'April 1, 2023 to March 31, 2024',
    '1 april 2023 t/m 31 maart 2024',
    '(the “Tenant”)',
    '(Tenant)',
    ', hereinafter referred to as "Landlord",',
    'hierna te noemen "werknemer"',
    'Vendor:',
    'Ship to:',
    '\t',
    '      ',
    'Invoice no.',
    'Customer',
    'Please pay by',
    'te betalen voor',
    'the position of',
    'Senior Data Analyst',
    'Green Homes LLC',
    'Bakkerij De Molen B.V.',
    'Date:',
    'ends on',
    'commences on',
    'until',
    '—',
    '\n',
    ':',
    '"',
    '(',
    ')',
    ',',
];

const SCHEMA = compile({
    svc_schema: '1.0',
    name: 'fragments',
    fields: [
        { name: 'start_date', type: 'date', nullable: true },
        { name: 'end_date', type: 'date', nullable: true },
        { name: 'due_date', type: 'date', nullable: true },
        { name: 'tenant', type: 'string', nullable: true },
        { name: 'landlord', type: 'string', nullable: true },
        { name: 'vendor', type: 'string', nullable: true },
        { name: 'ship_to', type: 'string', nullable: true },
        { name: 'invoice_number', type: 'string', nullable: true },
        { name: 'position', type: 'string', nullable: true },
        { name: 'werknemer', type: 'string', nullable: true },
    ],
});

interface Read {
    response: {
        data: Record<string, unknown>;
        mentions: { field: string; quote: string; start: number; end: number; value: unknown }[];
        fields: Record<string, { status: string; mentions: string[] }>;
    };
}

// The rules of the users' nineteenth set (2026-11-27): people beside roles, times of day, a form's
// brackets, stars and plurals, numbered boxes, ordinal days, stated-empty dashes, Dutch head-first
// labels, a witness's block, a deed's "of".
const LATER_FRAGMENTS = [
    'mr. F.J. de Lange,',
    'voorzitter,',
    'de penningmeester, dhr. H. (Harrie) Biemans.',
    'mevr. I. Nijhuis (groepsleerkracht groep 8)',
    'at 2.00 pm',
    'om 10.30 uur',
    '14:00',
    'Naam melder   J. Kuipers-Elzinga',
    'Kenteken trekker:  52-BLT-8',
    'Bank Identificatie [BIC]*:   ABNANL2A',
    'First name(s):  Samuel',
    '8.(a) Place of birth',
    'Fourteenth February 2024',
    'Our ref:   HM/CONV/25-0937/OT',
    'Opmerkingen ontvanger:',
    'Witness signature:',
    'Address:',
    'of 56 Beaconsfield Road, Leicester, LE3 0FE, a British citizen',
    'Service charge apportionment        -',
    'Lekdetectie:   niet aanwezig',
    'Mrs Valerie Okonjo (Chair)',
    'Yours sincerely,',
    "Coroner's Officer",
    '\n',
    '   ',
    ',',
    '(',
    ')',
    '-',
    '😀',
];

const LATER_SCHEMA = compile({
    svc_schema: '1.0',
    name: 'later',
    fields: [
        { name: 'voorzitter', type: 'string', nullable: true, hints: ['voorzitter'] },
        { name: 'penningmeester', type: 'string', nullable: true, hints: ['penningmeester'] },
        { name: 'hearing_time', type: 'string' },
        { name: 'melder', type: 'string', nullable: true },
        { name: 'kenteken', type: 'string', nullable: true },
        { name: 'bic', type: 'string', nullable: true, hints: ['BIC'] },
        { name: 'applicant_first_names', type: 'string', nullable: true },
        { name: 'mother_name', type: 'string', nullable: true },
        { name: 'date_of_birth', type: 'date', nullable: true },
        { name: 'matter_reference', type: 'string', nullable: true },
        { name: 'ontvanger', type: 'string', nullable: true },
        { name: 'address', type: 'string', nullable: true },
        { name: 'witness_address', type: 'string', nullable: true },
        { name: 'service_charge_apportionment', type: 'money', currency: 'GBP', nullable: true },
        { name: 'lekdetectie', type: 'boolean', nullable: true },
        { name: 'chair_name', type: 'string', nullable: true, hints: ['Chair'] },
        { name: 'coroners_officer', type: 'string', nullable: true, hints: ["Coroner's Officer", 'Yours sincerely'] },
    ],
});

// The rules of the users' twentieth set (2026-11-27, later): run-together dates, colons set apart,
// slashed label pairs, boxes after options, leaders and blanks, counts in words, job titles, pairs of
// figures, telephone numbers, copies, "Type of".
const TWENTIETH_FRAGMENTS = [
    'PASSENGER NAME   : CHEN/WEILING MS',
    'FLIGHT / DATE    : XP417 / 12MAR25',
    'Approved:   YES   [X]        NO   [ ]',
    '[ ] YES [X] NO',
    'Annual entitlement 2025 ......  22',
    'Carried over from 2024 .....  ____',
    'zijnde drie maanden huur',
    'employed as Senior Data Engineer.',
    'Your supervisor, Tyrell Osgood,',
    'in our Fleet Operations department',
    'Waarde portefeuille per 01-07-2025    184.612,37',
    'Current annual base salary:   $58,500.00',
    'New annual base salary:   $61,000.00',
    'Book by phone on 01422 845 300 or',
    'LICENSE HOLDER COPY',
    'Type of business:   Restaurant',
    'To:  Mr Adrian Kowalczyk-Dunn',
    'Rapportageperiode:   01-07-2025 t/m 30-09-2025',
    '~ BRITISH SHOTOKAN KARATE FEDERATION ~',
    'Harbourlink Tolling Pty Ltd   ABN 61 608 214 993',
    'Dublin 3, D03 W2K6',
    '(8 fondsen + liquiditeiten)',
    '\n',
    '   ',
    '/',
    '.....',
    '😀',
];

const TWENTIETH_SCHEMA = compile({
    svc_schema: '1.0',
    name: 'twentieth',
    fields: [
        { name: 'passenger_name', type: 'string', nullable: true },
        { name: 'flight_number', type: 'string', nullable: true },
        { name: 'flight_date', type: 'date', nullable: true },
        { name: 'approved', type: 'boolean', nullable: true },
        { name: 'annual_entitlement', type: 'decimal', nullable: true },
        { name: 'carried_over_days', type: 'decimal', nullable: true },
        { name: 'aantal_maanden_huur', type: 'integer', nullable: true },
        { name: 'job_title', type: 'string', nullable: true },
        { name: 'supervisor', type: 'string', nullable: true },
        { name: 'department', type: 'string', nullable: true },
        { name: 'beginwaarde', type: 'money', currency: 'EUR', nullable: true, hints: ['Waarde portefeuille per'] },
        { name: 'previous_salary', type: 'money', currency: 'USD', nullable: true },
        { name: 'new_salary', type: 'money', currency: 'USD', nullable: true },
        { name: 'booking_phone', type: 'string', nullable: true, hints: ['Book by phone on'] },
        { name: 'license_holder', type: 'string', nullable: true },
        { name: 'business_name', type: 'string', nullable: true },
        { name: 'recipient_name', type: 'string', nullable: true },
        { name: 'periode_einde', type: 'date', nullable: true, hints: ['Rapportageperiode', 't/m'] },
        { name: 'toll_operator', type: 'string', nullable: true, hints: ['Pty Ltd'] },
        { name: 'liquiditeiten', type: 'money', currency: 'EUR', nullable: true, hints: ['Liquiditeiten'] },
    ],
});

/**
 * Documents pieced from `fragments` read with `schema`: the reader never throws, every mention's
 * offsets slice the document to its quote, and a value a field takes is one of its mentions'.
 */
async function readsPieces(fragments: readonly string[], schema: typeof SCHEMA, numRuns: number): Promise<void> {
    await fc.assert(
        fc.asyncProperty(
            fc.array(fc.constantFrom(...fragments), { maxLength: 40 }),
            fc.constantFrom('en', 'nl'),
            async (parts, language) => {
                const document = parts.join(' ');
                const ex = (await engine.extract({
                    document,
                    schema,
                    language,
                    reference: null,
                    options: { on_conflict: 'withhold', fallback: 'off' },
                })) as unknown as Read;
                const points = Array.from(document);
                for (const m of ex.response.mentions) expect(points.slice(m.start, m.end).join('')).to.equal(m.quote);
                for (const [name, value] of Object.entries(ex.response.data)) {
                    if (value === null || ex.response.fields[name]!.status !== 'found') continue;
                    const values = ex.response.mentions.filter((m) => m.field === name).map((m) => JSON.stringify(m.value));
                    expect(values).to.include(JSON.stringify(value));
                }
            },
        ),
        { numRuns },
    );
}

describe('reader fragments: prose and layout rules on pieced-together documents', () => {
    it('never throws; mentions slice to their quotes; a found value is one of its mentions', async () => {
        await readsPieces(FRAGMENTS, SCHEMA, 150);
    });

    it('so do the later rules: people beside roles, times, brackets and stars, dashes, head-first labels', async () => {
        await readsPieces(LATER_FRAGMENTS, LATER_SCHEMA, 100);
    });

    it("so do the twentieth set's rules: slashed pairs, boxes after options, leaders, counts in words, pairs of figures", async () => {
        await readsPieces(TWENTIETH_FRAGMENTS, TWENTIETH_SCHEMA, 100);
    });
});
