// The panel's flows with the keyboard only (Tab, Enter, Space and typing), in Chromium: sign up,
// create, copy and revoke a key, run the playground, retract, insert and repair, usage, sign out.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CONFLICT_DOCUMENT, startBrowserSuite, tabTo } from './panel-browser.js';
import type { TestServer } from './test-server.js';

// Globals of the page, used only inside page.evaluate callbacks (this program has no DOM types).
declare const document: any, navigator: any, getComputedStyle: any;

describe('panel with the keyboard only (Chromium)', function () {
    this.timeout(180_000);
    let t: TestServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;

    before(async function () {
        ({ t, browser } = await startBrowserSuite(this));
        context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
        page = await context.newPage();
    });
    after(async () => {
        await browser?.close();
        await t?.stop();
    });

    const focusedOutline = () => page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle as string);

    it('signs up, creates, copies and revokes a key, runs and edits in the playground, reads usage, runs out of credit, signs out and in', async () => {
        const email = `kb-${process.pid}@example.test`;
        await page.goto(`${t.url}/panel`);
        await tabTo(page, 'Sign up', 'link');
        expect(await focusedOutline()).to.equal('solid');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Sign up' }).waitFor();
        await tabTo(page, 'Email', 'textbox');
        await page.keyboard.type(email);
        await page.keyboard.press('Tab');
        await page.keyboard.type('keyboard only password');
        await tabTo(page, 'Sign up', 'button');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'API keys' }).waitFor();

        await tabTo(page, 'Name', 'textbox');
        await page.keyboard.type('keyboard');
        await page.keyboard.press('Tab');
        await page.keyboard.type('7');
        await tabTo(page, 'schemas:validate', 'checkbox');
        await page.keyboard.press('Space');
        await tabTo(page, 'Create key', 'button');
        await page.keyboard.press('Enter');
        const key = await page.getByRole('textbox', { name: 'New key' }).inputValue();
        expect(key).to.match(/^svc_/);
        await tabTo(page, 'Copy', 'button');
        await page.keyboard.press('Space');
        await page.getByText('Copied to the clipboard.').waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(key);
        expect(await page.getByRole('row', { name: /keyboard/ }).textContent())
            .to.include('extractions:create, extractions:edit')
            .and.not.include('schemas:validate');

        await tabTo(page, 'Revoke', 'button');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Revoke key' }).waitFor();
        await tabTo(page, 'Revoke', 'button');
        await page.keyboard.press('Space');
        await page.getByRole('heading', { name: 'API keys' }).waitFor();
        expect(await page.getByRole('row', { name: /keyboard/ }).textContent()).to.include('revoked');

        await tabTo(page, 'Playground', 'link');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Playground' }).waitFor();
        await tabTo(page, 'Document', 'textbox');
        await page.keyboard.press('Control+A');
        await page.keyboard.insertText(CONFLICT_DOCUMENT);
        await tabTo(page, 'Run', 'button');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Result' }).waitFor();

        await tabTo(page, /^total_amount: 100\.00 EUR/, 'button');
        await page.keyboard.press('Enter');
        await page.getByText(/Retracted “EUR 100.00”.*Revision 1/).waitFor();
        await tabTo(page, 'Field', 'combobox');
        await page.keyboard.type('total_amount');
        await page.keyboard.press('Tab');
        await page.keyboard.type('EUR 100.00');
        await page.keyboard.press('Enter');
        await page.getByText(/Inserted “EUR 100.00” as total_amount.*Revision 2/).waitFor();
        await tabTo(page, 'Preview repair 2 of conflict 1', 'button');
        await page.keyboard.press('Enter');
        await page.getByRole('button', { name: 'Apply' }).waitFor();
        await page.keyboard.press('Space'); // Preview moved the focus to Apply
        await page.getByText(/Applied the repair.*Revision 3/).waitFor();
        expect(await page.locator('.conflict-card').count()).to.equal(0);

        await tabTo(page, 'Usage', 'link');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Usage' }).waitFor();
        expect(await page.locator('#credit-reads').textContent()).to.equal('9');

        // Out of credit: the 402 and its link to adding credit, by keyboard.
        await t.server.services.store.addCredit(email, -9);
        await tabTo(page, 'Playground', 'link');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Playground' }).waitFor();
        await tabTo(page, 'Run', 'button');
        await page.keyboard.press('Enter');
        await page.getByText('Out of credit (402)').waitFor();
        await tabTo(page, 'How to add credit', 'link');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Add credit' }).waitFor();

        await tabTo(page, 'Sign out', 'button');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        await tabTo(page, 'Email', 'textbox');
        await page.keyboard.type(email);
        await page.keyboard.press('Tab');
        await page.keyboard.type('keyboard only password');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'API keys' }).waitFor();
    });
});
