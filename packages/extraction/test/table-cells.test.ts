// A table's cell named by its row and its column together, and a name's initials as its label
// (documents written for the test; bench/user-docs/seventeenth has the licence they were seen in).
import { expect } from 'chai';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData, readResponse } from './support/read-data.js';

const PERMITS = [
    'LAKE COUNTY PARKS DEPARTMENT                          2025 PERMITS',
    '',
    'NAME:   ABERNATHY, COLE R                  DOB:  03/14/1979',
    'ISSUED: 04/02/2025',
    '',
    'PERMIT                           VALID FROM    VALID TO          FEE',
    '----------------------------------------------------------------------',
    'Boat Launch - Annual             04/02/2025    12/31/2025     $45.00',
    '   Ramp sticker #: 25-BL-00912',
    'Shoreline Fishing                04/02/2025    10/31/2025     $18.00',
    'Campground Reservation           06/20/2025    06/23/2025     $96.00',
    'Processing fee                                                 $2.50',
    '----------------------------------------------------------------------',
    'TOTAL                                                        $161.50',
].join('\n');

const usd = (amount: string): { amount: string; currency: string } => ({ amount, currency: 'USD' });

describe('table cells by row and column', () => {
    it('reads the cell where a row and a column that name the field between them cross', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'permits',
            fields: [
                { name: 'boat_launch_fee', type: 'money', currency: 'USD' },
                { name: 'fishing_fee', type: 'money', currency: 'USD' },
                { name: 'fishing_valid_to', type: 'date', date_order: 'mdy' },
                { name: 'campground_valid_from', type: 'date', date_order: 'mdy' },
            ],
        });
        expect(await readData(PERMITS, schema)).to.deep.equal({
            boat_launch_fee: usd('45.00'),
            fishing_fee: usd('18.00'),
            fishing_valid_to: '2025-10-31',
            campground_valid_from: '2025-06-20',
        });
    });

    it('takes a word of the name from the header over the rows ("PERMIT" in `boat_permit_fee`)', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'permits',
            fields: [{ name: 'fishing_permit_fee', type: 'money', currency: 'USD' }],
        });
        expect((await readData(PERMITS, schema)).fishing_permit_fee).to.deep.equal(usd('18.00'));
    });

    it('reads no row that many rows share, no totals set in under the amounts, no line of labels', async () => {
        const quote = [
            'Pos.  Omschrijving                              Aantal      Bedrag',
            '----  ----------------------------------------  ------  ----------',
            '1     Kozijn woonkamer, draai-kiep                   1    1.485,00',
            '2     Kozijn keuken, draai-kiep                      1      795,00',
            '3     Kozijn slaapkamer, vast                        1    1.120,00',
            '                                Totaal excl. btw          3.400,00',
            '                                Btw 21%                     714,00',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'offerte',
            fields: [
                { name: 'aantal_kozijnen', type: 'integer' },
                { name: 'btw_bedrag', type: 'money', currency: 'EUR' },
            ],
        });
        const read = await readResponse(quote, schema, 'nl');
        // Each row counts one of the frames: none is the number of frames, so none is read as labelled.
        expect(read.fields.aantal_kozijnen!.confidence).to.be.below(0.8);
        expect(read.data.btw_bedrag).to.deep.equal({ amount: '714.00', currency: 'EUR' });
        const invoice = [
            'Op  Description                       Labor     Parts     Total',
            '--  ------------------------------  -------   -------   -------',
            'A   Oil and filter service            189.00     92.46    281.46',
            'B   Replace front brake pads          168.00    124.90    292.90',
            '                                    -------   -------   -------',
            '    Shop supplies (5% of labor)                            22.05',
            '    TOTAL                                                 596.41',
        ].join('\n');
        const labor = compile({ svc_schema: '1.0', name: 'service', fields: [{ name: 'labor_total', type: 'money', currency: 'USD' }] });
        expect((await readData(invoice, labor)).labor_total).to.not.deep.equal(usd('22.05'));
        const statement = [
            'Date       Description                          Debit        Credit',
            '03 Apr     ACH DEP STRIPE PAYOUT                             3,214.90',
            '08 Apr     CHECK 1047                           2,150.00',
            'Total debits: 2,150.00     Total credits: 3,214.90',
        ].join('\n');
        const totals = compile({
            svc_schema: '1.0',
            name: 'statement',
            fields: [{ name: 'total_debits', type: 'money', currency: 'USD' }],
        });
        expect((await readData(statement, totals)).total_debits).to.deep.equal(usd('2150.00'));
    });

    it('labels a field of three words or more by its initials, in capitals only ("DOB" for `date_of_birth`)', async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'permits',
            fields: [
                { name: 'date_of_birth', type: 'date', date_order: 'mdy' },
                { name: 'issue_date', type: 'date', date_order: 'mdy' },
            ],
        });
        expect(await readData(PERMITS, schema)).to.deep.equal({ date_of_birth: '1979-03-14', issue_date: '2025-04-02' });
        // Written in small letters, "dob" is no label (a word another language may have).
        const labelled = async (text: string): Promise<boolean> =>
            (await readCandidates(text, schema)).candidates.some(
                (c) => c.field === 'date_of_birth' && c.quote === '03/14/1979' && (c.features.context ?? 0) > 0,
            );
        expect(await labelled('Holder: Cole Abernathy      DOB 03/14/1979')).to.equal(true);
        expect(await labelled('Holder: Cole Abernathy      dob 03/14/1979')).to.equal(false);
    });

    it('reads a column\'s figure from the table\'s total row ("Totaal" under "Geclaimd" for `geclaimd_bedrag`)', async () => {
        const letter = [
            '  Omschrijving                  Geclaimd     Erkend      Toelichting',
            '  ---------------------------------------------------------------------',
            '  Fotocamera                    €   899,00   €   629,30  afschrijving 30%',
            '  Zonnebril                     €   145,00   €   145,00',
            '  Contant geld                  €   120,00   €     0,00  niet meeverzekerd',
            '  ---------------------------------------------------------------------',
            '  Totaal                        € 1.164,00   €   774,30',
        ].join('\n');
        const eur = (name: string) => ({ name, type: 'money', currency: 'EUR' });
        const schema = compile({ svc_schema: '1.0', name: 'schade', fields: [eur('geclaimd_bedrag'), eur('erkend_bedrag')] });
        expect(await readData(letter, schema, 'nl')).to.deep.equal({
            geclaimd_bedrag: { amount: '1164.00', currency: 'EUR' },
            erkend_bedrag: { amount: '774.30', currency: 'EUR' },
        });
    });

    it('reads a string field\'s cell by its row and column, a colon inside a row\'s words kept ("Combined Science: Trilogy")', async () => {
        const slip = [
            'STATEMENT OF PROVISIONAL RESULTS - JUNE 2025 EXAMINATIONS',
            '',
            'QUALIFICATION            BOARD     SUBJECT                         GRADE',
            'GCSE (9-1)               AQA       English Language                  7',
            'GCSE (9-1)               Pearson   Mathematics                       6',
            'GCSE (9-1)               AQA       Combined Science: Trilogy        6-6',
            'Level 2 Certificate      AQA       Further Mathematics             Pass',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'slip',
            fields: [
                { name: 'maths_grade', type: 'string', description: 'GCSE Mathematics grade' },
                { name: 'combined_science_grade', type: 'string' },
            ],
        });
        expect(await readData(slip, schema)).to.deep.equal({ maths_grade: '6', combined_science_grade: '6-6' });
    });

    it('finds the header over a long table ("Totals (9 transactions)" under nine rows)', async () => {
        const row = (a: string, b: string, c: string, d: string, e: string) =>
            a.padEnd(20) + b.padStart(8) + c.padStart(10) + d.padStart(9) + e.padStart(10);
        const statement = [
            row('Date', 'Litres', 'Net £', 'VAT £', 'Gross £'),
            ...Array.from({ length: 9 }, (_, i) => row(`0${i + 1}/09/25  DIESEL`, `5${i}.00`, `6${i}.00`, `1${i}.00`, `7${i}.00`)),
            row('', '-------', '-------', '------', '-------'),
            row('Totals (9 transactions)', '486.00', '576.00', '108.00', '684.00'),
        ].join('\n');
        const gbp = (name: string) => ({ name, type: 'money', currency: 'GBP' });
        const schema = compile({ svc_schema: '1.0', name: 'fuel', fields: [gbp('total_net'), gbp('total_vat')] });
        expect(await readData(statement, schema)).to.deep.equal({
            total_net: { amount: '576.00', currency: 'GBP' },
            total_vat: { amount: '108.00', currency: 'GBP' },
        });
    });

    it("a header with nothing over the rows' own labels, a bracket qualifying a column: the total row's cells are the columns' sums", async () => {
        // (bench/user-docs/twentythird has the decision this was seen in.)
        const schema = compile({
            svc_schema: '1.0',
            name: 'b',
            fields: [
                { name: 'aangevraagd_bedrag', type: 'money', currency: 'EUR' },
                { name: 'toegekend_bedrag', type: 'money', currency: 'EUR' },
            ],
        });
        const doc = [
            'Hoe hebben wij dit berekend?',
            '                                  Aangevraagd       Toegekend (normbedrag)',
            '   Wasmachine                     €   579,00        €   520,00',
            '   Koelkast                       €   570,00        €   500,00',
            '                                  ----------        ----------',
            '   Totaal                         € 1.149,00        € 1.020,00',
        ].join('\n');
        expect(await readData(doc, schema, 'nl')).to.deep.equal({
            aangevraagd_bedrag: { amount: '1149.00', currency: 'EUR' },
            toegekend_bedrag: { amount: '1020.00', currency: 'EUR' },
        });
    });

    it('a header that says a year, its cells continued by brackets on the next line: columns named by their words', async () => {
        // (bench/user-docs/twentythird has the statement this was seen in.)
        const schema = compile({
            svc_schema: '1.0',
            name: 'afrekening',
            fields: [
                { name: 'totaal_voorschotten', type: 'money', currency: 'EUR' },
                { name: 'totaal_werkelijke_kosten', type: 'money', currency: 'EUR' },
                { name: 'kosten_schoonmaak', type: 'money', currency: 'EUR', description: 'Werkelijke kosten schoonmaak' },
            ],
        });
        const doc = [
            'Kostenpost                          Voorschot 2024    Werkelijke kosten    Verschil',
            '                                    (12 maanden)      (uw aandeel)',
            'Schoonmaak algemene ruimten         €    174,00        €    162,36        €  11,64',
            'Elektra algemene ruimten            €    105,00        €    131,88        € -26,88',
            '                                    -----------        -----------        --------',
            'Totaal                              €    279,00        €    294,24        € -15,24',
        ].join('\n');
        expect(await readData(doc, schema, 'nl')).to.deep.equal({
            totaal_voorschotten: { amount: '279.00', currency: 'EUR' },
            totaal_werkelijke_kosten: { amount: '294.24', currency: 'EUR' },
            kosten_schoonmaak: { amount: '162.36', currency: 'EUR' },
        });
    });

    it('a title\'s year over a line of words makes no header: "2025 LICENSES" over "LICENSE HOLDER COPY"', async () => {
        const doc = [
            'MINNESOTA DEPARTMENT OF NATURAL RESOURCES                    2025 LICENSES',
            'Electronic Licensing System - LICENSE HOLDER COPY       ** CARRY WHILE HUNTING **',
        ].join('\n');
        const { candidates } = await readCandidates(doc, strings('license_holder'));
        expect(candidates.map((c) => c.quote)).to.not.include('** CARRY WHILE HUNTING **');
    });

    it('a bracket that holds the label alone names the row\'s head ("Zuurgraad (pH)   NEN-EN-ISO 10523   7,6")', async () => {
        const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'ph', type: 'decimal', min: 0, max: 14 }] });
        const doc = [
            'Parameter                   Methode            Resultaat   Eenheid      Norm',
            '--------------------------  -----------------  ----------  -----------  ---------',
            'Nitraat                     NEN-EN-ISO 10304   9           mg/l         50',
            'Zuurgraad (pH)              NEN-EN-ISO 10523   8,1         -            7,0 - 9,5',
        ].join('\n');
        expect((await readData(doc, schema, 'nl')).ph).to.equal('8.1');
    });
});
