// Unit tests of the ISO 4217 table.
import { expect } from 'chai';
import { currencyCodes, currencyMinorUnits, isCurrencyCode } from '../src/values/currency-table.js';

describe('currency-table', () => {
    const known: Array<[string, number]> = [
        ['EUR', 2],
        ['USD', 2],
        ['GBP', 2],
        ['CHF', 2],
        ['JPY', 0],
        ['KRW', 0],
        ['ISK', 0],
        ['CLP', 0],
        ['VND', 0],
        ['XOF', 0],
        ['KWD', 3],
        ['BHD', 3],
        ['IQD', 3],
        ['JOD', 3],
        ['LYD', 3],
        ['OMR', 3],
        ['TND', 3],
        ['CLF', 4],
        ['UYW', 4],
        ['UYI', 0],
        ['XCG', 2],
        ['ZWG', 2],
        ['SLE', 2],
        ['VED', 2],
        ['BGN', 2],
        ['HRK', 2],
    ];
    for (const [code, units] of known) {
        it(`${code} has ${units} minor units`, () => {
            expect(currencyMinorUnits(code)).to.equal(units);
            expect(isCurrencyCode(code)).to.equal(true);
        });
    }
    const unknown = ['eur', 'Eur', 'EURO', 'EU', '', 'ABC', 'XXX', 'XTS', 'XAU', 'XDR', 'DEM', 'USD '];
    for (const code of unknown) {
        it(`${JSON.stringify(code)} is not accepted`, () => {
            expect(currencyMinorUnits(code)).to.equal(undefined);
            expect(isCurrencyCode(code)).to.equal(false);
        });
    }
    it('lists every ISO 4217 list-one code with a minor unit, each three uppercase letters and 0..4 units', () => {
        const codes = currencyCodes();
        expect(codes.length).to.equal(165 + 6); // list one of 2026-01-01 with minor units, plus six recently withdrawn
        for (const code of codes) {
            expect(code).to.match(/^[A-Z]{3}$/);
            expect(currencyMinorUnits(code)).to.be.within(0, 4);
        }
        expect(new Set(codes).size).to.equal(codes.length);
    });
});
