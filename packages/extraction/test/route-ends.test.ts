// A field that asks for one end of a route takes that end of a value written as the route
// ("Route:   Leeds  -  London Kings Cross"). Documents written for the test.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';

describe("a route's ends", () => {
    it('origin and destination take the first and last end; the route itself stays whole', async () => {
        const ticket = [
            'ANNUAL SEASON TICKET RENEWAL',
            '',
            '    Ticket type:        Standard Class Annual Season',
            '    Route:              Leeds  -  London Kings Cross',
            '    Photocard number:   PC 7710 2281',
        ].join('\n');
        const schema = compile({
            svc_schema: '1.0',
            name: 'season',
            fields: [
                { name: 'origin_station', type: 'string', hints: ['Route', 'From'] },
                { name: 'destination', type: 'string', hints: ['Route', 'To'] },
                { name: 'route', type: 'string' },
            ],
        });
        expect(await readData(ticket, schema)).to.deep.equal({
            origin_station: 'Leeds',
            destination: 'London Kings Cross',
            route: 'Leeds - London Kings Cross',
        });
        const kaart = 'JAARTRAJECT\n\nTraject:   Utrecht Centraal → Amsterdam Zuid\nKlasse:    2\n';
        const traject = compile({
            svc_schema: '1.0',
            name: 'traject',
            fields: [
                { name: 'vertrekpunt', type: 'string', hints: ['Traject'] },
                { name: 'bestemming', type: 'string', hints: ['Traject'] },
            ],
        });
        expect(await readData(kaart, traject, 'nl')).to.deep.equal({
            vertrekpunt: 'Utrecht Centraal',
            bestemming: 'Amsterdam Zuid',
        });
    });
});
