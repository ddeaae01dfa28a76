// The panel's user flows in a real browser (Chromium through playwright-core): accounts, keys,
// usage and credit, the playground. Screenshots of every page at 1280×800 and 390×844 go to
// docs/panel-screenshots/ with SVC_UPDATE_SCREENSHOTS=1 (panel-browser.ts). Without Chromium the
// suite prints why and skips.
import { expect } from 'chai';
import { compileSchemaText } from '@svc/compiler';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CONFLICT_DOCUMENT, screenshots, signPayment, startBrowserSuite } from './panel-browser.js';
import type { TestServer } from './test-server.js';

// Globals of the page, used only inside page.evaluate callbacks (this program has no DOM types).
declare const document: any, window: any, navigator: any, getSelection: any, Node: any, MouseEvent: any;
const PASSWORD = 'correct horse battery staple';
const SECRET = 'whsec_e2e';
let seq = 0;
const email = (): string => `e2e${++seq}-${process.pid}@example.test`;

describe('panel end to end (Chromium)', function () {
    this.timeout(180_000);
    let t: TestServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let missing: string[];

    before(async function () {
        ({ t, browser } = await startBrowserSuite(this, { paymentSecrets: [SECRET] }));
    });
    after(async () => {
        await browser?.close();
        await t?.stop();
    });
    beforeEach(async () => {
        context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
        page = await context.newPage();
        missing = [];
        page.on('response', (r) => {
            if (r.status() === 404) missing.push(r.url());
        });
    });
    afterEach(async () => {
        await context?.close();
        expect(missing, 'requests answered 404 (assets, icon)').to.deep.equal([]);
    });

    async function signUp(address: string): Promise<void> {
        await page.goto(`${t.url}/panel`);
        await page.getByRole('link', { name: 'Sign up' }).click();
        await page.getByLabel('Email').fill(address);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign up' }).click();
        await page.getByRole('heading', { name: 'API keys' }).waitFor();
    }

    async function signInAttempt(address: string, password: string): Promise<number> {
        await page.goto(`${t.url}/panel/sign-in`);
        await page.getByLabel('Email').fill(address);
        await page.getByLabel('Password').fill(password);
        const [response] = await Promise.all([
            page.waitForResponse((r) => r.url().endsWith('/panel/sign-in') && r.request().method() === 'POST'),
            page.getByRole('button', { name: 'Sign in' }).click(),
        ]);
        await page.waitForLoadState();
        return response.status();
    }

    it('1. signs up, out and in; a wrong password and an unknown email read the same; the 11th failure gets 429', async () => {
        const address = email();
        await page.goto(`${t.url}/panel`);
        await screenshots(page, 'sign-in');
        await page.getByRole('link', { name: 'Sign up' }).click();
        await screenshots(page, 'sign-up');
        await signUp(address);
        expect(await t.server.services.store.findAccountByEmail(address)).to.include({ creditReads: 10 });
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        expect((await page.goto(`${t.url}/panel/keys`))!.url()).to.match(/\/panel\/sign-in$/);

        expect(await signInAttempt(address, 'not the password at all')).to.equal(401);
        const wrong = await page.getByRole('alert').textContent();
        expect(await signInAttempt(`nobody-${address}`, PASSWORD)).to.equal(401);
        expect(await page.getByRole('alert').textContent())
            .to.equal(wrong)
            .and.equal('Wrong email or password.');
        expect(await signInAttempt(address, PASSWORD)).to.equal(303);
        await page.getByRole('heading', { name: 'API keys' }).waitFor();

        await page.getByRole('button', { name: 'Sign out' }).click();
        const locked = email();
        await signUp(locked);
        await page.getByRole('button', { name: 'Sign out' }).click();
        for (let i = 1; i <= 10; i++) expect(await signInAttempt(locked, `wrong password ${i}`)).to.equal(401);
        expect(await signInAttempt(locked, 'wrong password 11')).to.equal(429);
        expect(await signInAttempt(locked, PASSWORD)).to.equal(429); // locked even with the right one
    });

    it('2. creates a key (two scopes, expiry), shows it once, copies it, the API honours it, lists it without its secret, revokes it', async () => {
        await signUp(email());
        await page.getByLabel('Name').fill('laptop');
        await page.getByLabel('Expires in days').fill('30');
        await page.getByRole('checkbox', { name: 'schemas:validate' }).uncheck();
        await page.getByRole('button', { name: 'Create key' }).click();
        const key = await page.getByRole('textbox', { name: 'New key' }).inputValue();
        expect(key).to.match(/^svc_[0-9A-Za-z]{40}$/);
        expect(await page.getByRole('textbox', { name: 'New key' }).getAttribute('readonly')).to.not.equal(null);
        await screenshots(page, 'keys-new-key');
        await page.getByRole('button', { name: 'Copy' }).click();
        await page.getByText('Copied to the clipboard.').waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(key);
        // The page came by a redirect: a reload asks for it again, shows the key no more and makes no other.
        page.once('dialog', (d) => void d.accept()); // (a re-post would ask first; accepted, as a user would)
        await page.reload();
        expect(await page.getByRole('textbox', { name: 'New key' }).count()).to.equal(0);
        expect(await page.getByRole('row', { name: /laptop/ }).count()).to.equal(1);

        const api = (path: string, body: unknown) =>
            fetch(`${t.url}${path}`, {
                method: 'POST',
                headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
                body: JSON.stringify(body),
            });
        const edit = {
            extraction: { document: 'x', schema: { svc_schema: '1.0', name: 'n', fields: [{ name: 'a', type: 'string' }] } },
            edit: { action: 'retract', bundle: 0 },
        };
        expect((await api('/v1/extractions/edit', edit)).status).to.equal(400); // authorised (scope held), body refused: no session
        expect((await api('/v1/schemas/validate', { schema: edit.extraction.schema })).status).to.equal(401); // scope not granted

        await page.goto(`${t.url}/panel/keys`);
        const row = page.getByRole('row', { name: /laptop/ });
        expect(await row.textContent())
            .to.include(key.slice(0, 12))
            .and.include('extractions:create, extractions:edit')
            .and.include('active');
        expect(await page.content()).to.not.include(key);
        await row.getByRole('button', { name: 'Revoke' }).click();
        await screenshots(page, 'revoke-confirm');
        await page.getByRole('button', { name: 'Revoke' }).click();
        await page.getByRole('heading', { name: 'API keys' }).waitFor();
        expect(await page.getByRole('row', { name: /laptop/ }).textContent()).to.include('revoked');
        await screenshots(page, 'keys');
        expect((await api('/v1/extractions/edit', edit)).status).to.equal(401);
    });

    it('3. shows credit and reads per day; out of credit the playground says 402 and how to add credit; a signed payment adds credit once', async () => {
        const address = email();
        await signUp(address);
        await page.getByRole('link', { name: 'Playground' }).click();
        await page.getByRole('button', { name: 'Run' }).click();
        await page.getByRole('heading', { name: 'Result' }).waitFor();
        await page.getByRole('link', { name: 'Usage' }).click();
        expect(await page.locator('#credit-reads').textContent()).to.equal('9');
        expect(await page.locator('figcaption').textContent()).to.include('1 in all');
        await screenshots(page, 'usage');

        await t.server.services.store.addCredit(address, -9);
        await page.getByRole('link', { name: 'Playground' }).click();
        await page.getByRole('button', { name: 'Run' }).click();
        const alert = page.getByRole('alert');
        await alert.getByText('Out of credit (402)').waitFor();
        await screenshots(page, 'playground-402');
        await alert.getByRole('link', { name: 'How to add credit' }).click();
        await page.locator('#add-credit').waitFor();
        expect(await page.locator('#credit-reads').textContent()).to.equal('0');

        const body = JSON.stringify({ id: `pay_${address}`, email: address, reads: 50, amount_eur: '5.00' });
        const pay = () =>
            fetch(`${t.url}/v1/payments/callback`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'svc-signature': signPayment(SECRET, body) },
                body,
            });
        expect(await (await pay()).json()).to.deep.equal({ credited: true, credit_reads: 50 });
        await page.reload();
        expect(await page.locator('#credit-reads').textContent()).to.equal('50');
        expect(await (await pay()).json()).to.deep.equal({ credited: false, duplicate: true });
        await page.reload();
        expect(await page.locator('#credit-reads').textContent()).to.equal('50');
    });

    it('4. playground: live diagnostics as svc check gives them; Run; highlights, table, conflicts; retract, insert, repair without reads; markup stays text', async () => {
        const address = email();
        await signUp(address);
        await page.getByRole('link', { name: 'Playground' }).click();
        const schema = page.getByRole('textbox', { name: 'Schema' });
        const example = await schema.inputValue();
        // Type a mistake: a relation combining money with a number.
        const broken = example.replace(
            '"expr": "total_amount == net_amount + vat_amount"',
            '"expr": "total_amount == net_amount + vat_rate"',
        );
        await schema.fill(broken);
        await schema.press('End');
        await schema.press('Space');
        await schema.press('Backspace');
        const expected = compileSchemaText(broken, { maxFields: 32 });
        expect(expected.errors.length).to.be.greaterThan(0);
        const shown = await page.locator('#diagnostics li').allTextContents();
        expect(shown).to.have.length(expected.errors.length + expected.warnings.length);
        expected.errors.forEach((d, i) => expect(shown[i]).to.include(`error[${d.code}] ${d.message}`));
        expect(await page.locator('.overlay .squiggle.error').count()).to.be.greaterThan(0);
        expect(await page.locator('.overlay .squiggle.error').first().textContent()).to.include('net_amount + vat_rate');
        await screenshots(page, 'playground-diagnostics');
        await schema.fill(example);
        expect(await page.locator('#diag-summary').textContent()).to.equal('The schema compiles: no errors.');

        await page.getByRole('textbox', { name: 'Document' }).fill(CONFLICT_DOCUMENT);
        await page.getByRole('combobox', { name: 'Language' }).selectOption('en');
        await page.getByRole('button', { name: 'Run' }).click();
        await page.getByRole('heading', { name: 'Result' }).waitFor();
        const creditAfterRun = (await t.server.services.store.findAccountByEmail(address))!.creditReads;

        const view = page.locator('#doc-view');
        expect(await view.textContent()).to.equal(CONFLICT_DOCUMENT);
        expect(await view.locator('script, img').count()).to.equal(0);
        expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).to.equal(undefined);
        const marks = view.locator('mark');
        // Six mentions; "10.00" read as the VAT rate lies inside "EUR 10.00": a mark inside a mark.
        expect(await marks.count()).to.equal(6);
        expect(await view.locator('mark', { hasText: 'EUR 10.00' }).locator('mark').textContent()).to.equal('10.00');
        expect(await view.locator('mark', { hasText: 'EUR 100.00' }).getAttribute('aria-label')).to.match(
            /^total_amount: 100\.00 EUR \(p 0\.\d+\)\. Activate to retract\.$/,
        );
        const totalRow = page.getByRole('row', { name: /total_amount/ });
        expect(await totalRow.textContent())
            .to.include('found')
            .and.include('100.00 EUR');
        expect(await page.locator('.conflict-card').count()).to.equal(1);
        await screenshots(page, 'playground-result');

        // Retract by clicking a mention.
        await view.locator('mark', { hasText: 'EUR 100.00' }).click();
        await page.getByText(/Retracted “EUR 100.00”.*Revision 1/).waitFor();
        expect(await page.getByRole('row', { name: /total_amount/ }).textContent()).to.include('missing');

        // Insert by selecting text in the document.
        await view.evaluate((node) => {
            const text = [...node.childNodes].find(
                (n: any) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('Total amount due'),
            )!;
            const at = text.textContent!.indexOf('Total amount due: ') + 'Total amount due: '.length;
            const range = document.createRange();
            range.setStart(text, at);
            range.setEnd(text, at + 'EUR 100.00'.length);
            getSelection()!.removeAllRanges();
            getSelection()!.addRange(range);
            node.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
        });
        expect(await page.getByRole('textbox', { name: 'Quote' }).inputValue()).to.equal('EUR 100.00');
        await page.getByRole('combobox', { name: 'Field' }).selectOption('total_amount');
        await page.getByRole('button', { name: 'Insert' }).click();
        await page.getByText(/Inserted “EUR 100.00”.*Revision 2/).waitFor();

        // Preview and apply a repair.
        await page.getByRole('button', { name: 'Preview repair 1 of conflict 1' }).click();
        await page.getByRole('button', { name: 'Apply' }).click();
        await page.getByText(/Applied the repair.*Revision 3/).waitFor();
        expect(await page.locator('.conflict-card').count()).to.equal(0);
        expect((await t.server.services.store.findAccountByEmail(address))!.creditReads).to.equal(creditAfterRun);
    });
});
