// What ends a value after its name: the date it was signed on, a titled person's address, an aside
// after a quoted name, a measure after a dash; and what does not: a qualification's bracket glued to
// its word, the label's word before a small number ("Room: Room 2"). Documents written for the test.
import { expect } from 'chai';
import { valueHead } from '../src/readers/heuristic-heads.js';
import { compile, strings } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

describe("a value's tail", () => {
    it('a name ends before the date it was signed on, and a titled name before its address', async () => {
        const signed = 'Holloway R., 03/11/2024';
        expect(signed.slice(0, valueHead(signed))).to.equal('Holloway R.');
        const dated = 'Sister Ama Boateng, 4 June 2025';
        expect(dated.slice(0, valueHead(dated))).to.equal('Sister Ama Boateng');
        const tenant = 'Mrs Joan Whitcombe-Hale, Rose Cottage, Ledbury HR8 2PQ';
        expect(tenant.slice(0, valueHead(tenant))).to.equal('Mrs Joan Whitcombe-Hale');
        // A post-nominal after a titled name, and a name without a title before a place, stay whole.
        expect(valueHead('Dr Priya Raman, FRCS')).to.equal(0);
        expect(valueHead('Harbour Lights Cafe, Whitby')).to.equal(0);
        const form = [
            'KENNEL BOARDING AGREEMENT',
            '',
            'Owner:            Mrs Joan Whitcombe-Hale, Rose Cottage, Ledbury HR8 2PQ',
            'Dog:              Biscuit (Border Terrier)',
            '',
            'Checked in by:    T. Okafor, 12/05/2025            Room: Kennel 14',
        ].join('\n');
        expect(await readData(form, strings('owner_name', 'checked_in_by'))).to.deep.equal({
            owner_name: 'Mrs Joan Whitcombe-Hale',
            checked_in_by: 'T. Okafor',
        });
    });

    it('a quoted name ends before the aside after it', async () => {
        const report = [
            'VISIT QUESTIONNAIRE',
            '',
            'Who greeted you at the door?',
            '    "Tomasz" (according to his lanyard)',
            'How long did the visit last?',
            '    About 25 minutes.',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'visit',
            fields: [{ name: 'greeter_name', type: 'string', hints: ['Who greeted you'] }],
        });
        expect(await readData(report, schema)).to.deep.equal({ greeter_name: 'Tomasz' });
    });

    it("a value that repeats its label's word before a small number keeps it, and ends before a measure after a dash", async () => {
        const measured = 'Hall B - 120 m2, stage and PA';
        expect(measured.slice(0, valueHead(measured))).to.equal('Hall B');
        // A year after the dash is no measure.
        expect(valueHead('Business - 2019 Ford Transit')).to.equal(0);
        const booking = [
            'Booking ref:   BK-7731',
            'Hall:          Hall 3 (the "Long Room") – 120 m², sprung floor, mirrors',
            'Date:          Saturday 5 April 2025',
        ].join('\n');
        expect(await readData(booking, strings('hall'))).to.deep.equal({ hall: 'Hall 3 (the "Long Room")' });
        // A code after the word is still the value: "Kenteken S-472-KV".
        const car = ['Gedekt voertuig:   Kenteken S-472-KV'].join('\n');
        const kenteken = compile({
            svc_schema: '1.0',
            name: 'k',
            fields: [{ name: 'kenteken', type: 'string', hints: ['Gedekt voertuig', 'Kenteken'] }],
        });
        expect(await readData(car, kenteken, 'nl')).to.deep.equal({ kenteken: 'S-472-KV' });
    });

    it("a hint of one word after a section's number heads the line under it, a name before its street", async () => {
        const agreement = [
            'PERFORMER AGREEMENT',
            '',
            '1. Festival',
            '   Harbourside Folk Weekend 2025, Pannett Park, Church Street,',
            '   Whitby YO21 3PR, 12–13 July 2025.',
            '',
            '2. Set',
            '   Length:      45 minutes',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'p', fields: [{ name: 'festival_name', type: 'string', hints: ['Festival'] }] });
        expect((await readData(agreement, schema)).festival_name).to.equal('Harbourside Folk Weekend 2025');
        // A place's field keeps what stands before the street.
        const venue = 'Hearing venue:   Court 3, Harrogate Justice Centre, Victoria Avenue';
        expect(valueHead(venue.slice(17), undefined, false)).to.equal(0);
        expect(valueHead('Harbourside Folk Weekend 2025, Pannett Park, Church Street', undefined, true)).to.equal(29);
    });

    it('a date, a range of days or a month and its year is no name', async () => {
        const invoice = [
            'To:                                     Your ref:   Lambing 2025',
            'Mr R. Pryce',
            'Cwm Du Farm',
            'Llandovery SA20 0PL',
            '',
            'Date(s) of work:  3–5 March 2025        Team: 2 contractors',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'w',
            fields: [{ name: 'farm_name', type: 'string', description: 'Farm where the work was done' }],
        });
        const quotes = (await readCandidates(invoice, schema)).candidates.map((c) => c.quote);
        expect(quotes).to.not.include('3–5 March 2025');
        expect(quotes).to.not.include('March 2025');
    });

    it("a qualification's bracket glued to its word is the name's own", async () => {
        const letter = ['Reporting radiographer:   Mr Daniel Ashworth MSc PgCert(MSK) HCPC', 'Date of scan:              14 May 2025'].join(
            '\n',
        );
        const schema = compile({
            svc_schema: '1.0',
            name: 'scan',
            fields: [{ name: 'radiographer_name', type: 'string', description: 'The reporting radiographer' }],
        });
        expect(await readData(letter, schema)).to.deep.equal({ radiographer_name: 'Mr Daniel Ashworth MSc PgCert(MSK) HCPC' });
    });

    it('a value wholly in quotation marks after a colon is read whole past 80 characters; unquoted, not', async () => {
        const title = 'Earth-abundant photocatalysts for the selective oxidation of lignin model compounds';
        const letter = ['Outcome of oral examination', '', `Thesis title: "${title}"`, '', 'I am writing to confirm the outcome.'].join(
            '\n',
        );
        expect((await readData(letter, strings('thesis_title'))).thesis_title).to.equal(title);
        const bare = letter.replace(`"${title}"`, `${title} and of lignin dimers`);
        const { candidates } = await readCandidates(bare, strings('thesis_title'));
        expect(candidates.map((c) => c.quote)).to.not.include(`${title} and of lignin dimers`);
    });

    it('a statement in quotation marks that ends as a sentence is no long value: `Tenant: "The stain … at check-in."`', async () => {
        const report = [
            'CHECK-OUT REPORT - 14 Mill Lane, Leeds',
            'Landlord: Harbor Estates Ltd',
            'Tenant: Mr Tom Wells',
            '',
            'COMMENTS',
            'Tenant: "The stain on the lounge carpet was already there when I moved in, see the photographs taken at check-in."',
            'Landlord: "The carpet was professionally cleaned before the tenancy began and the check-in report records no stain."',
        ].join('\n');
        expect(await readData(report, strings('tenant', 'landlord'))).to.deep.equal({
            tenant: 'Mr Tom Wells',
            landlord: 'Harbor Estates Ltd',
        });
    });
});
