// svc extract --language takes its choices from the locale profiles: a registered toy language is
// accepted, an unknown one refused with the list.
import { expect } from 'chai';
import { localeOf, registerLocale } from '@svc/extraction';
import { runCli } from './check-golden.test.js';

describe('svc extract --language', () => {
    it('refuses a language without a profile, naming those that have one', async () => {
        const r = await runCli(['extract', '--schema', 'examples/invoice-en.svc.json', '--language', 'tz', 'examples/invoice-en.txt']);
        expect(r.code).to.equal(2);
        expect(r.stderr).to.include('--language must be one of en, nl');
    });

    it('accepts a registered profile', async () => {
        registerLocale({ ...localeOf('en'), code: 'tz', name: 'Toy' });
        const r = await runCli([
            'extract',
            '--schema',
            'examples/invoice-en.svc.json',
            '--language',
            'tz',
            '--json',
            'examples/invoice-en.txt',
        ]);
        expect(r.code, r.stderr).to.equal(0);
        expect(JSON.parse(r.stdout)[0].language).to.equal('tz');
    });
});
