// The date of a short document: an invoice's date and its due date. Documents written for the test.
import { expect } from 'chai';
import { compile } from './support/edit-fixtures.js';
import { readData } from './support/read-data.js';
import { Engine } from '../src/extraction-engine.js';
import { HeuristicReader } from '../src/readers/heuristic-reader.js';
import { secretRingOf } from '../src/session/secret-ring.js';

describe('invoice dates', () => {
    it('an invoice date is not its due date, the later one (a page has no head and foot zones to date it)', async () => {
        // Before, the latest date "at the document's edge" won: a conflict in English, the due date at 0.89 in Dutch.
        const en = compile({ svc_schema: '1.0', name: 'i', fields: [{ name: 'invoice_date', type: 'date' }] });
        const doc = 'Invoice date: 1 February 2024\nDue date: 2 March 2024\nInvoice number: INV-2024-0100\nTotal: 99.95 EUR\n';
        expect(await readData(doc, en)).to.deep.equal({ invoice_date: '2024-02-01' });
        const nl = compile({ svc_schema: '1.0', name: 'f', fields: [{ name: 'invoice_date', type: 'date', hints: ['Factuurdatum'] }] });
        const factuur =
            'FACTUUR\n\nFactuurnummer: INV-2024-0042\nFactuurdatum: 3 januari 2024\nVervaldatum: 2 februari 2024\n\nTotaal: € 1.234,56\n';
        expect(await readData(factuur, nl, 'nl')).to.deep.equal({ invoice_date: '2024-01-03' });
    });

    it('a single date still dates a short document: only where a page writes several is the latest not its own', async () => {
        const features = async (doc: string): Promise<Map<string, Record<string, number | undefined>>> => {
            const out = new Map<string, Record<string, number | undefined>>();
            const reader = new HeuristicReader({ collect: (c) => out.set(c.quote, c.features) });
            const schema = compile({ svc_schema: '1.0', name: 'r', fields: [{ name: 'purchase_date', type: 'date' }] });
            const engine = new Engine({ reader, secrets: secretRingOf(['t']), concurrency: 1 });
            await engine.extract({
                document: doc,
                schema,
                language: 'en',
                reference: null,
                options: { on_conflict: 'withhold', fallback: 'off' },
            });
            return out;
        };
        const single = await features('CORNER SHOP\n12/03/2024 10:41\nTOTAL 4.50\nTHANK YOU\n');
        expect(single.get('12/03/2024')).to.include({ latestEdge: 1, closing: 1 });
        const two = await features('Invoice date: 1 February 2024\nDue date: 2 March 2024\n');
        expect(two.get('2 March 2024')?.latestEdge, 'the latest of several').to.equal(0);
        expect(two.get('2 March 2024')?.closing, 'the last of several').to.equal(0);
        // In a longer document the zones are apart and the latest at an edge still counts.
        const long = await features(
            `Invoice date: 1 February 2024\n${'Terms and conditions apply to every order. '.repeat(30)}\nDue date: 2 March 2024\n`,
        );
        expect(long.get('2 March 2024')).to.include({ latestEdge: 1 });
    });
});
