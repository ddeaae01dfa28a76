// Forms of two parties side by side, each column under its heading (a document written for the
// test; bench/user-docs/seventeenth has the licence it was seen in).
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData, readResponse } from './support/read-data.js';

const LICENSE = [
    'STATE OF WASHINGTON - MARRIAGE LICENSE',
    '',
    'APPLICANT 1                               APPLICANT 2',
    'Name:        Tobias Emil Vandermeer       Name:        Renata Sofia Quinones',
    'Birth date:  02/11/1991                   Birth date:  12/04/1993',
    'Residence:   Spokane, WA                  Residence:   Yakima, WA',
].join('\n');

describe('form columns', () => {
    it("reads each party's labels under its own column's heading", async () => {
        const schema = compile({
            svc_schema: '1.0',
            name: 'license',
            fields: [
                { name: 'applicant_1_name', type: 'string' },
                { name: 'applicant_2_name', type: 'string' },
                { name: 'applicant_1_dob', type: 'date', date_order: 'mdy' },
                { name: 'applicant_2_dob', type: 'date', date_order: 'mdy' },
            ],
        });
        expect(await readData(LICENSE, schema)).to.deep.equal({
            applicant_1_name: 'Tobias Emil Vandermeer',
            applicant_2_name: 'Renata Sofia Quinones',
            applicant_1_dob: '1991-02-11',
            applicant_2_dob: '1993-12-04',
        });
    });

    it('a row of figures is no heading of columns ("BTW 9%   grondslag 52,16   4,69")', async () => {
        const receipt = [
            'TOTAAL                         57,43',
            'BTW 9%   grondslag 52,16        4,69',
            'BTW 21%  grondslag 9,75         2,05',
        ].join('\n');
        const eur = (name: string) => ({ name, type: 'money', currency: 'EUR' });
        const schema = compile({ svc_schema: '1.0', name: 'bon', fields: [eur('btw_9'), eur('btw_21')] });
        const data = await readData(receipt, schema, 'nl');
        expect(data.btw_9).to.not.deep.equal({ amount: '52.16', currency: 'EUR' });
        expect(data.btw_21).to.not.deep.equal({ amount: '9.75', currency: 'EUR' });
    });

    it('"Date of Birth" labels a field named by its abbreviation (`patient_dob`)', async () => {
        const bill = [
            'STATEMENT DATE: 10/12/2025            SERVICE DATE: 08/29/2025',
            '  Patient:         Hollis P. Grunewald         Date of Birth:   03/29/1958',
            '  Account:         EMS-25-0081234',
        ].join('\n');
        const schema = compile({ svc_schema: '1.0', name: 'bill', fields: [{ name: 'patient_dob', type: 'date', date_order: 'mdy' }] });
        const read = await readResponse(bill, schema);
        expect(read.data.patient_dob).to.equal('1958-03-29');
        // As labelled, not only near the name's word "patient".
        expect(read.fields.patient_dob!.confidence).to.be.above(0.8);
    });

    it('a heading in capitals over "Label:" lines as deep says whose they are ("LICENCE HOLDER" / "Date of birth:" is no dog\'s)', async () => {
        const licence = [
            'LICENCE HOLDER',
            'Name:               Siobhán Ní Dhuibhir',
            'Eircode:            P75 KX21',
            'Date of birth:      09/11/1981',
            '',
            'DOG DETAILS',
            "Dog's name:         Rua",
            'Date of birth:      Not known (rescue dog)',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'dog',
            fields: [
                { name: 'holder_name', type: 'string' },
                { name: 'dog_date_of_birth', type: 'date', date_order: 'dmy', nullable: true },
            ],
        });
        expect(await readData(licence, schema)).to.deep.equal({ holder_name: 'Siobhán Ní Dhuibhir', dog_date_of_birth: null });
    });
});
