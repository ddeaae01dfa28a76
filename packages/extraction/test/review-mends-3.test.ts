// Near misses a review wrote against the seventh 2026-11-27 session's later rules, each the case of
// one mend (docs/extraction.md): a description's example figure, "X to Y:" beside a field named
// by X alone, a type word that is a value, a kind's name in another label's value or in running
// text, an accent that makes another word. Documents written for the test.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readCandidates, readData } from './support/read-data.js';

const schemaOf = (fields: object[]) => compile({ svc_schema: '1.0', name: 'r', fields });

describe('mends of the later rules', () => {
    it("a description's figure is the label's only where the name writes it too", async () => {
        const application = [
            'TENANCY APPLICATION',
            'Applicant: Mr Dev Sharma',
            'Property: Flat 12, Floor 3, Harbour View, Leeds LS1 4AB',
            'Bedrooms: 2',
        ].join('\n');
        const floor = schemaOf([
            { name: 'floor', type: 'integer', description: 'Which floor the flat is on, e.g. Floor 3' },
            { name: 'bedrooms', type: 'integer' },
        ]);
        expect((await readData(application, floor)).floor).to.equal(3);
        const report = ['Specific IgE to Ara h 2: 4.61 kUA/L', 'Specific IgE to Ara h 8: 0.22 kUA/L'].join('\n');
        const ara = schemaOf([{ name: 'ara_h2_ige', type: 'decimal', description: 'Specific IgE to Ara h 2 in kUA/L' }]);
        const { candidates } = await readCandidates(report, ara);
        expect(candidates.map((c) => c.quote)).to.not.include.members(['2', '8']);
    });

    it('"X to Y:" is Y\'s label where no field is named "X to …"', async () => {
        const notice = ['SECTION 13 NOTICE', 'Letter date: 1 March 2025', 'Letter to tenant: Mr James Brown'].join('\n');
        const schema = schemaOf([
            { name: 'letter_date', type: 'date' },
            { name: 'tenant', type: 'string' },
        ]);
        expect((await readData(notice, schema)).tenant).to.equal('Mr James Brown');
    });

    it('a type word is a value of a field that asks for no name', async () => {
        const settings = ['EXPORT SETTINGS', 'Account: 40-11-22 81234567', 'Sort order: Date', 'File format: Text'].join('\n');
        const schema = schemaOf([
            { name: 'sort_order', type: 'string' },
            { name: 'file_format', type: 'string' },
        ]);
        expect(await readData(settings, schema)).to.deep.equal({ sort_order: 'Date', file_format: 'Text' });
    });

    it("a kind's name after an article in running text, or a label itself, names no kind's field", async () => {
        const letter = ['Dear Ms Turner,', 'Your reference from the Department for Work and Pensions has been received.'].join('\n');
        const department = schemaOf([{ name: 'department', type: 'string', nullable: true }]);
        expect((await readCandidates(letter, department)).candidates.map((c) => c.quote)).to.not.include(
            'Department for Work and Pensions',
        );
        const form = ['Parent occupation: Lecturer, School of Nursing, Keele University', 'Child: Amy Lowe'].join('\n');
        const school = schemaOf([{ name: 'school', type: 'string', nullable: true }]);
        expect((await readCandidates(form, school)).candidates.map((c) => c.quote)).to.not.include('School of Nursing');
        const note = ['GOODS RECEIVED NOTE', 'Item: Sand, sharp     Unit of Measure: Tonne     Qty: 3'].join('\n');
        const unit = schemaOf([{ name: 'unit', type: 'string', nullable: true }]);
        expect((await readCandidates(note, unit)).candidates.map((c) => c.quote)).to.not.include('Unit of Measure');
    });

    it('only a diaeresis is read away: "Résumé" is no "resume"', async () => {
        const record = ['RETURN TO WORK RECORD', 'Employee: Dana Fox', 'Résumé received: 3 March 2025'].join('\n');
        const resume = schemaOf([{ name: 'resume_date', type: 'date', nullable: true }]);
        expect((await readData(record, resume)).resume_date ?? null).to.equal(null);
    });
});
